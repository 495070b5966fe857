// Hand-written: the token provider as a `@Sendable` async closure, the way Swift code usually
// passes one (`OfferClient(config: config) { reason in try await backend.offerToken() }`),
// besides the generated `AccessTokenProvider` protocol. offerkit calls it from its own thread
// when there is no token, ahead of expiry and once after a 401; concurrent calls that need a
// token share one call of it.

/// An `AccessTokenProvider` made of a closure.
public final class TokenProviderClosure: AccessTokenProvider {
    private let provide: @Sendable (TokenReason) async throws -> String

    public init(_ provide: @escaping @Sendable (TokenReason) async throws -> String) {
        self.provide = provide
    }

    public func accessToken(reason: TokenReason) async throws -> String {
        try await provide(reason)
    }
}

extension OfferClient {
    /// A client whose tokens come from `tokenProvider`; whatever it throws fails the call as
    /// `OfferError.Unauthorized` (an `OfferError` it throws is kept as it is). Without
    /// `httpExecutor`, the requests go as with `init(config:tokenProvider:)`: through offerkit's
    /// own transport, or through URLSession when the library has none.
    public convenience init(
        config: ClientConfig,
        httpExecutor: HttpExecutor? = nil,
        tokenProvider: @escaping @Sendable (TokenReason) async throws -> String
    ) throws {
        try self.init(config: config, tokenProvider: TokenProviderClosure(tokenProvider),
                      httpExecutor: httpExecutor ?? OfferClient.defaultHttpExecutor())
    }
}
