import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Notices a request head HTTP/1.1 cannot parse, or HTTP's types cannot hold (a target that is not
/// a path, like `D` or `v1/feed`), and has the connection's ``ConnectionGuard`` answer it 400 and
/// close. Both are only reported as errors down the pipeline, which nothing answered (Hummingbird
/// turns NIO's own error answers off): the client waited, holding the connection, until the idle
/// timeout (issue 52, found by `RequestFuzzTests`). One sits at the end of the pipeline as it is set
/// up, for the parser's errors; one after the HTTP types' codec, for its own.
final class MalformedRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let message: String
        switch error {
        case is HTTPParserError: message = "the request is not valid HTTP/1.1"
        case let e as HTTP1TypeConversionError where e == .invalidMethod: message = "the request's method is not valid"
        case is HTTP1TypeConversionError: message = "the request's target must be a path starting with /"
        default: return context.fireErrorCaught(error)
        }
        guard let guardian = try? context.pipeline.syncOperations.handler(type: ConnectionGuard.self) else {
            return context.close(promise: nil)
        }
        guardian.answerBadRequest(message)
    }
}
