import Foundation

/// A type an execution setting's value may have; it is kept as an ``ExecutionSettingStorage`` so that settings of
/// every type sit in one hashable, codable dictionary keyed by their YAML key.
public protocol ExecutionSettingValue: Sendable, Hashable {
    /// The value kept in `stored`; `nil` when it holds another type (or, for a non-optional value, nothing).
    init?(stored: ExecutionSettingStorage?)
    /// What is kept for this value; `nil` for an unset optional one.
    var stored: ExecutionSettingStorage? { get }
}

/// One setting's value as kept by ``ExecutionSettings`` and ``ExecutionOverrides``.
public enum ExecutionSettingStorage: Sendable, Hashable, Codable {
    case text(String)
    case integer(Int)
    case number(Double)
    case instant(Date)
    /// A list setting's items, in the order written (`imports: [Algorithms, Foundation]`).
    case list([String])

    /// The amount a number or a size holds, to compare with a ceiling; `nil` for other values.
    public var amount: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}

extension String: ExecutionSettingValue {
    public init?(stored: ExecutionSettingStorage?) {
        guard case .text(let value)? = stored else { return nil }
        self = value
    }
    public var stored: ExecutionSettingStorage? { .text(self) }
}

extension Int: ExecutionSettingValue {
    public init?(stored: ExecutionSettingStorage?) {
        guard case .integer(let value)? = stored else { return nil }
        self = value
    }
    public var stored: ExecutionSettingStorage? { .integer(self) }
}

extension Double: ExecutionSettingValue {
    public init?(stored: ExecutionSettingStorage?) {
        guard case .number(let value)? = stored else { return nil }
        self = value
    }
    public var stored: ExecutionSettingStorage? { .number(self) }
}

extension Date: ExecutionSettingValue {
    public init?(stored: ExecutionSettingStorage?) {
        guard case .instant(let value)? = stored else { return nil }
        self = value
    }
    public var stored: ExecutionSettingStorage? { .instant(self) }
}

extension Array: ExecutionSettingValue where Element == String {
    public init?(stored: ExecutionSettingStorage?) {
        guard case .list(let items)? = stored else { return nil }
        self = items
    }
    public var stored: ExecutionSettingStorage? { .list(self) }
}

extension Optional: ExecutionSettingValue where Wrapped: ExecutionSettingValue {
    /// Nothing stored is an unset value; something of another type is no value at all.
    public init?(stored: ExecutionSettingStorage?) {
        guard let stored else { self = .none; return }
        guard let value = Wrapped(stored: stored) else { return nil }
        self = .some(value)
    }
    public var stored: ExecutionSettingStorage? { self?.stored }
}
