import Foundation

/// The seccomp filter bubblewrap loads just before it starts an article program or a compile: the system calls that
/// change the machine or reach past the sandbox's walls fail with `EPERM` — mounting, new namespaces, tracing other
/// processes or reading their memory, the kernel keyring, BPF, performance counters, kernel modules, clocks, swap,
/// reboot, `io_uring` — as does every call of another architecture's ABI (32-bit or x32 calls on x86-64).
///
/// ```swift
/// let path = try SeccompFilter.install(in: cacheFolder)     // nil on an architecture without a table here
/// ```
/// The numbers are Linux's for x86-64 (`asm/unistd_64.h`) and for arm64 (`asm-generic/unistd.h`).
enum SeccompFilter {
    /// Each refused call: its name, and its number on x86-64 and on arm64 (`nil` where it does not exist).
    static let refused: [(name: String, x86_64: UInt32, arm64: UInt32?)] = [
        ("mount", 165, 40), ("umount2", 166, 39), ("pivot_root", 155, 41), ("chroot", 161, 51),
        ("fsopen", 430, 430), ("fsconfig", 431, 431), ("fsmount", 432, 432), ("fspick", 433, 433),
        ("move_mount", 429, 429), ("open_tree", 428, 428), ("mount_setattr", 442, 442),
        ("unshare", 272, 97), ("setns", 308, 268),
        ("ptrace", 101, 117), ("process_vm_readv", 310, 270), ("process_vm_writev", 311, 271),
        ("keyctl", 250, 219), ("add_key", 248, 217), ("request_key", 249, 218),
        ("bpf", 321, 280), ("perf_event_open", 298, 241), ("userfaultfd", 323, 282),
        ("kexec_load", 246, 104), ("kexec_file_load", 320, 294),
        ("init_module", 175, 105), ("finit_module", 313, 273), ("delete_module", 176, 106),
        ("swapon", 167, 224), ("swapoff", 168, 225), ("reboot", 169, 142),
        ("sethostname", 170, 161), ("setdomainname", 171, 162),
        ("open_by_handle_at", 304, 265), ("name_to_handle_at", 303, 264),
        ("acct", 163, 89), ("quotactl", 179, 60), ("syslog", 103, 116), ("vhangup", 153, 58),
        ("settimeofday", 164, 170), ("clock_settime", 227, 112), ("adjtimex", 159, 171), ("clock_adjtime", 305, 266),
        ("io_uring_setup", 425, 425), ("io_uring_enter", 426, 426), ("io_uring_register", 427, 427),
        ("iopl", 172, nil), ("ioperm", 173, nil),
    ]

    /// The architecture this docent was built for, as the kernel names it in `seccomp_data.arch`.
    enum Architecture {
        case x86_64, arm64

        static var native: Architecture? {
            #if arch(x86_64)
            return .x86_64
            #elseif arch(arm64)
            return .arm64
            #else
            return nil
            #endif
        }

        /// `AUDIT_ARCH_X86_64`, `AUDIT_ARCH_AARCH64`.
        var auditArch: UInt32 { self == .x86_64 ? 0xc000_003e : 0xc000_00b7 }

        func number(_ call: (name: String, x86_64: UInt32, arm64: UInt32?)) -> UInt32? {
            self == .x86_64 ? call.x86_64 : call.arm64
        }
    }

    /// One classic BPF instruction (`struct sock_filter`).
    struct Instruction: Equatable {
        var code: UInt16
        var jumpIfTrue: UInt8 = 0
        var jumpIfFalse: UInt8 = 0
        var value: UInt32

        static let loadWord: UInt16 = 0x20        // BPF_LD | BPF_W | BPF_ABS
        static let jumpIfEqual: UInt16 = 0x15     // BPF_JMP | BPF_JEQ | BPF_K
        static let jumpIfAtLeast: UInt16 = 0x35   // BPF_JMP | BPF_JGE | BPF_K
        static let returnValue: UInt16 = 0x06     // BPF_RET | BPF_K

        /// Eight bytes, little-endian, as the kernel reads them on both architectures.
        var bytes: [UInt8] {
            [UInt8(code & 0xff), UInt8(code >> 8), jumpIfTrue, jumpIfFalse]
                + (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
    }

    static let allow: UInt32 = 0x7fff_0000                  // SECCOMP_RET_ALLOW
    static let refuse: UInt32 = 0x0005_0000 | UInt32(EPERM) // SECCOMP_RET_ERRNO | EPERM
    /// `__X32_SYSCALL_BIT`: x32 calls on x86-64 carry it.
    static let x32Bit: UInt32 = 0x4000_0000

    /// The filter for `architecture`: check the ABI, refuse x32 calls, refuse each listed call, allow the rest.
    static func program(for architecture: Architecture) -> [Instruction] {
        let numbers = refused.compactMap(architecture.number)
        // Instructions: load arch, check it, refuse, load number, x32 check, one check per number, allow, refuse.
        let refuseAt = 5 + numbers.count + 1
        var program = [
            Instruction(code: Instruction.loadWord, value: 4), // seccomp_data.arch
            Instruction(code: Instruction.jumpIfEqual, jumpIfTrue: 1, value: architecture.auditArch),
            Instruction(code: Instruction.returnValue, value: refuse),
            Instruction(code: Instruction.loadWord, value: 0), // seccomp_data.nr
            Instruction(code: Instruction.jumpIfAtLeast, jumpIfTrue: UInt8(refuseAt - 5), value: x32Bit),
        ]
        for number in numbers {
            program.append(Instruction(code: Instruction.jumpIfEqual, jumpIfTrue: UInt8(refuseAt - program.count - 1), value: number))
        }
        program.append(Instruction(code: Instruction.returnValue, value: allow))
        program.append(Instruction(code: Instruction.returnValue, value: refuse))
        return program
    }

    /// Writes this machine's filter as `seccomp-<hash>.bpf` in `folder` (once; it never changes for a docent
    /// version) and returns its path; `nil` on an architecture with no table here.
    static func install(in folder: String) throws -> String? {
        guard let architecture = Architecture.native else { return nil }
        let bytes = program(for: architecture).flatMap(\.bytes)
        var hash = StableHash()
        hash.combine(bytes: Data(bytes))
        let path = "\(folder)/seccomp-\(hash.hex).bpf"
        if FileManager().contents(atPath: path) == Data(bytes) { return path }
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = "\(path).\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        if rename(temporary, path) != 0 {
            try? FileManager().removeItem(atPath: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return path
    }
}
