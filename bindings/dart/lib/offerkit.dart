/// offerkit: offers of the offer service for Dart and Flutter, over the native library
/// (libofferkit) through `dart:ffi`. Start with [OfferClient].
library;

export 'src/cancel.dart' show CancelToken;
export 'src/client.dart' show OfferClient, TokenProvider, TokenReason, CacheOptions;
export 'src/errors.dart'
    show
        ErrorKind,
        FieldError,
        OfferException,
        InvalidArgumentException,
        UnauthorizedException,
        ForbiddenException,
        ValidationException,
        QueryException,
        InvalidCursorException,
        UnsupportedMediaTypeException,
        UnprocessableException,
        RateLimitedException,
        ServerException,
        NetworkException,
        OfferTimeoutException,
        CancelledException,
        DecodeException,
        InternalException,
        RejectedException;
export 'src/executor.dart'
    show
        OfferHttpExecutor,
        OfferHttpRequest,
        OfferHttpResponse,
        OfferHttpException,
        OfferHttpFailure,
        HttpClientExecutor;
export 'src/library.dart' show OfferKitLibrary;
export 'src/models.dart' show Offer, Creative, OfferList, PlayerOffer, PlayerOffersPage, SkippedItem, Pagination;
export 'src/player_id.dart' show PlayerId, PlayerIdConvention, ClickUrl;
