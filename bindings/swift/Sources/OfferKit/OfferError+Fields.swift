// Hand-written: the data of an OfferError without a `switch` over its sixteen cases. uniffi
// gives each case its own fields (`case RateLimited(detail:httpStatus:retryAfterSecs:)`), which
// `switch` and `catch OfferError.RateLimited(_, _, let retryAfter)` match; generic code (a
// logger, a retry policy) reads them here instead.
import Foundation

extension OfferError {
    /// The kind, as every offerkit binding names it (`error.errorKind == .rateLimited`).
    public var errorKind: ErrorKind { kind() }

    /// The readable message (`description` and `localizedDescription` put the kind in front:
    /// `invalid_argument: …`).
    public var detail: String {
        switch self {
        case let .InvalidArgument(detail, _), let .Unauthorized(detail, _), let .Forbidden(detail, _),
             let .Validation(detail, _, _, _), let .Query(detail, _, _), let .InvalidCursor(detail, _, _, _),
             let .UnsupportedMediaType(detail, _), let .Unprocessable(detail, _, _),
             let .RateLimited(detail, _, _), let .Server(detail, _, _), let .Network(detail, _),
             let .Timeout(detail, _), let .Cancelled(detail), let .Decode(detail, _), let .Internal(detail),
             let .Rejected(detail, _):
            return detail
        }
    }

    /// The HTTP status of the answer that failed the call, when one arrived: GraphQL errors
    /// included (200, or a 4xx carrying them), and a connection that broke or timed out after
    /// the status line.
    public var httpStatus: Int? {
        switch self {
        case let .Unauthorized(_, status), let .Forbidden(_, status), let .Validation(_, status, _, _),
             let .Query(_, status, _), let .InvalidCursor(_, status, _, _), let .UnsupportedMediaType(_, status),
             let .Unprocessable(_, status, _), let .RateLimited(_, status, _), let .Server(_, status, _),
             let .Network(_, status), let .Timeout(_, status), let .Decode(_, status), let .Rejected(_, status):
            return status.map(Int.init)
        case .InvalidArgument, .Cancelled, .Internal:
            return nil
        }
    }

    /// Per-field messages: the arguments offerkit refused (`InvalidArgument`), the service's
    /// GraphQL validation (`Validation`) or its 422 body (`Unprocessable`); empty otherwise.
    public var fields: [FieldError] {
        switch self {
        case let .InvalidArgument(_, fields), let .Validation(_, _, fields, _), let .Unprocessable(_, _, fields):
            return fields
        default:
            return []
        }
    }

    /// Why the service refused a `playerOffers` cursor (`InvalidCursor`).
    public var reason: String? {
        if case let .InvalidCursor(_, _, reason, _) = self { return reason }
        return nil
    }

    /// The server's `Retry-After` (`RateLimited`, `Server`), in seconds.
    public var retryAfter: TimeInterval? {
        switch self {
        case let .RateLimited(_, _, secs), let .Server(_, _, secs):
            return secs.map(TimeInterval.init)
        default:
            return nil
        }
    }

    /// The whole GraphQL response as JSON text (`Validation`, `Query`, `InvalidCursor`).
    public var responseJson: String? {
        switch self {
        case let .Validation(_, _, _, json), let .Query(_, _, json), let .InvalidCursor(_, _, _, json):
            return json
        default:
            return nil
        }
    }
}
