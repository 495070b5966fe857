// Hand-written: which HTTP stack a client gets when the app names none. The library an iOS app
// ships by default has no transport of its own (the mobile flavour; as an arm64 Linux or
// Android library 0.8 MB instead of 2.1), so there a client without an executor sends through
// URLSession: the platform's CAs, proxy and VPN settings, App Transport Security and the
// app's pinning apply. With the library that has a transport (macOS, Linux,
// `build-xcframework.sh full`), offerkit's own is used. Swift prefers this initializer over
// the generated one whenever `httpExecutor:` is not written.

extension OfferClient {
    /// A client with offerkit's own transport when the library has one (`hasBuiltinTransport()`),
    /// else with `URLSessionExecutor()`. Pass `httpExecutor:` to choose the stack yourself;
    /// `httpExecutor: nil` asks for offerkit's own, which the mobile library refuses
    /// (`OfferError.InvalidArgument`: no HTTP transport of its own).
    public convenience init(config: ClientConfig, tokenProvider: AccessTokenProvider? = nil) throws {
        try self.init(config: config, tokenProvider: tokenProvider, httpExecutor: OfferClient.defaultHttpExecutor())
    }

    /// The executor of a client given none: none (offerkit's own transport) when the library
    /// has a transport, else a `URLSessionExecutor`.
    static func defaultHttpExecutor() -> HttpExecutor? {
        hasBuiltinTransport() ? nil : URLSessionExecutor()
    }
}
