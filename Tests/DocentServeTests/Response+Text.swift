import Hummingbird

extension Response {
    /// The whole body, collected as a client would receive it.
    func text() async throws -> String {
        /// Gathers what the response writes.
        final class Collector: ResponseBodyWriter, @unchecked Sendable {
            var bytes = ByteBuffer()
            func write(_ buffer: ByteBuffer) async throws { var buffer = buffer; bytes.writeBuffer(&buffer) }
            func finish(_ trailingHeaders: HTTPFields?) async throws {}
        }
        let collector = Collector()
        try await body.write(collector)
        return String(buffer: collector.bytes)
    }
}
