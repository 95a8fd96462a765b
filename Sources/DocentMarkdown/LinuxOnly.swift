// Docent runs on Linux only: it sandboxes every program with bubblewrap, reads /proc and uses Glibc's own fields.
// This is the first module every other one builds on, so a build elsewhere stops here, saying so, before any
// error about a missing Linux API.
#if !os(Linux)
#error("Docent runs on Linux only (bubblewrap sandboxes, /proc, Glibc): build and run it on Linux, or in a Linux container such as swift:latest")
#endif
