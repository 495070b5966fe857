// The error taxonomy every offerkit binding shares (core's 16 kinds, under the same snake_case
// names), as one sealed exception hierarchy: one subclass per kind, so a `switch` over an
// OfferException is checked for exhaustiveness by the analyzer.

import 'dart:ffi';

import 'package:ffi/ffi.dart';

import 'bindings.g.dart';
import 'native.dart';

/// What went wrong: exactly core's kinds, numbered as the C ABI numbers them.
enum ErrorKind {
  /// A value the spec rejects, checked before sending: nothing was sent.
  invalidArgument(1, 'invalid_argument'),

  /// HTTP 401, no token at all, or a token provider that failed.
  unauthorized(2, 'unauthorized'),

  /// HTTP 403: the token lacks the scope.
  forbidden(3, 'forbidden'),

  /// GraphQL validation errors: see [OfferException.fields].
  validation(4, 'validation'),

  /// GraphQL query errors (`data` null).
  query(5, 'query'),

  /// A playerOffers cursor the service did not issue: see [OfferException.reason].
  invalidCursor(6, 'invalid_cursor'),

  /// HTTP 415.
  unsupportedMediaType(7, 'unsupported_media_type'),

  /// HTTP 422: one field entry without a path.
  unprocessable(8, 'unprocessable'),

  /// HTTP 429: see [OfferException.retryAfter].
  rateLimited(9, 'rate_limited'),

  /// HTTP 5xx (502, 503 and 504 are retried within the deadline).
  server(10, 'server'),

  /// The connection failed or broke.
  network(11, 'network'),

  /// The request, or the wait for a token, took too long (also the client's deadline).
  timeout(12, 'timeout'),

  /// Cancelled: a [CancelToken], a cancelled pager subscription, or [OfferClient.close].
  cancelled(13, 'cancelled'),

  /// The response was not what the spec describes.
  decode(14, 'decode'),

  /// A bug inside offerkit (a caught panic) or inside this package.
  internal(15, 'internal'),

  /// Another HTTP 4xx (400, 404, 405, 409, ...) or a redirect (never followed): the service
  /// refused the request as sent; a wrong base URL or path prefix is the usual cause.
  rejected(16, 'rejected');

  const ErrorKind(this.code, this.wireName);

  /// The C ABI's status number of this kind (1 to 16).
  final int code;

  /// The name every offerkit binding gives this kind (`rate_limited`, ...).
  final String wireName;

  /// The kind of a C status: itself from 1 to 16; [invalidArgument] for the C interface's own
  /// codes (100 and up: a NULL, bad UTF-8, a number out of range, ...).
  static ErrorKind ofStatus(int status) =>
      status >= 1 && status <= 16 ? ErrorKind.values[status - 1] : ErrorKind.invalidArgument;
}

/// One field entry of an error: the path it is about (`offers`, `config`, ...; null when the
/// service gave none, as in a 422) and the messages per argument, in the order given.
final class FieldError {
  const FieldError(this.path, this.messages);

  /// The query path or the setting group; null for an entry without one.
  final String? path;

  /// Each argument's messages, e.g. `{'limit': ['The limit field must be at least 1.']}`.
  final Map<String, List<String>> messages;

  /// The argument names, in the order the error gave them.
  List<String> get arguments => messages.keys.toList();

  @override
  String toString() => 'FieldError(${path ?? ''}: $messages)';
}

/// Every failure of an offerkit call. Switch over the subclasses (one per [ErrorKind]), or read
/// [kind]; the other fields carry what the service or the library said.
sealed class OfferException implements Exception {
  OfferException._(this.message,
      {this.status = 0, this.httpStatus, this.fields = const [], this.reason, this.retryAfter, this.responseJson});

  /// What went wrong, in the library's or the service's words.
  final String message;

  /// The C ABI's status: [kind]'s code, or one of the C interface's own codes (100 and up)
  /// reported with kind [ErrorKind.invalidArgument].
  final int status;

  /// The HTTP status of the response the error came from, whenever one arrived (so 200 for a
  /// decode error of a body that was not what the spec describes); null when none did.
  final int? httpStatus;

  /// Field entries ([ErrorKind.validation], [ErrorKind.invalidArgument],
  /// [ErrorKind.unprocessable]); empty otherwise.
  final List<FieldError> fields;

  /// Why a cursor was refused ([ErrorKind.invalidCursor]), else null.
  final String? reason;

  /// How long the service asked to wait ([ErrorKind.rateLimited], or [ErrorKind.server] for a
  /// 503 whose Retry-After would end after the deadline), else null.
  final Duration? retryAfter;

  /// The whole GraphQL response of an answer with errors, else null.
  final String? responseJson;

  /// The kind of error (the same names in every offerkit binding).
  ErrorKind get kind;

  /// [kind]'s name, e.g. `rate_limited`.
  String get kindName => kind.wireName;

  /// Every message given for [argument] in any field entry.
  List<String> messagesFor(String argument) => [for (final field in fields) ...?field.messages[argument]];

  @override
  String toString() => 'OfferException($kindName${httpStatus != null ? ', HTTP $httpStatus' : ''}): $message';

  static OfferException _make(ErrorKind kind, String message,
      {int? status,
      int? httpStatus,
      List<FieldError> fields = const [],
      String? reason,
      Duration? retryAfter,
      String? responseJson}) {
    final s = status ?? kind.code;
    OfferException make(OfferException Function(String, int, int?, List<FieldError>, String?, Duration?, String?) c) =>
        c(message, s, httpStatus, fields, reason, retryAfter, responseJson);
    return switch (kind) {
      ErrorKind.invalidArgument => make(InvalidArgumentException._),
      ErrorKind.unauthorized => make(UnauthorizedException._),
      ErrorKind.forbidden => make(ForbiddenException._),
      ErrorKind.validation => make(ValidationException._),
      ErrorKind.query => make(QueryException._),
      ErrorKind.invalidCursor => make(InvalidCursorException._),
      ErrorKind.unsupportedMediaType => make(UnsupportedMediaTypeException._),
      ErrorKind.unprocessable => make(UnprocessableException._),
      ErrorKind.rateLimited => make(RateLimitedException._),
      ErrorKind.server => make(ServerException._),
      ErrorKind.network => make(NetworkException._),
      ErrorKind.timeout => make(OfferTimeoutException._),
      ErrorKind.cancelled => make(CancelledException._),
      ErrorKind.decode => make(DecodeException._),
      ErrorKind.internal => make(InternalException._),
      ErrorKind.rejected => make(RejectedException._),
    };
  }
}

/// [ErrorKind.invalidArgument]: see [OfferException.fields] / [OfferException.messagesFor].
final class InvalidArgumentException extends OfferException {
  InvalidArgumentException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.invalidArgument;
}

/// [ErrorKind.unauthorized].
final class UnauthorizedException extends OfferException {
  UnauthorizedException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.unauthorized;
}

/// [ErrorKind.forbidden].
final class ForbiddenException extends OfferException {
  ForbiddenException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.forbidden;
}

/// [ErrorKind.validation]: one field entry per failing query path.
final class ValidationException extends OfferException {
  ValidationException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.validation;
}

/// [ErrorKind.query].
final class QueryException extends OfferException {
  QueryException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.query;
}

/// [ErrorKind.invalidCursor]: see [OfferException.reason].
final class InvalidCursorException extends OfferException {
  InvalidCursorException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.invalidCursor;
}

/// [ErrorKind.unsupportedMediaType].
final class UnsupportedMediaTypeException extends OfferException {
  UnsupportedMediaTypeException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.unsupportedMediaType;
}

/// [ErrorKind.unprocessable].
final class UnprocessableException extends OfferException {
  UnprocessableException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.unprocessable;
}

/// [ErrorKind.rateLimited]: see [OfferException.retryAfter].
final class RateLimitedException extends OfferException {
  RateLimitedException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.rateLimited;
}

/// [ErrorKind.server].
final class ServerException extends OfferException {
  ServerException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.server;
}

/// [ErrorKind.network].
final class NetworkException extends OfferException {
  NetworkException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.network;
}

/// [ErrorKind.timeout] (named so it does not clash with `dart:async`'s TimeoutException).
final class OfferTimeoutException extends OfferException {
  OfferTimeoutException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.timeout;
}

/// [ErrorKind.cancelled].
final class CancelledException extends OfferException {
  CancelledException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.cancelled;
}

/// [ErrorKind.decode].
final class DecodeException extends OfferException {
  DecodeException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.decode;
}

/// [ErrorKind.internal].
final class InternalException extends OfferException {
  InternalException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.internal;
}

/// [ErrorKind.rejected]: see [OfferException.httpStatus].
final class RejectedException extends OfferException {
  RejectedException._(super.message, int status, int? httpStatus, List<FieldError> fields, String? reason,
      Duration? retryAfter, String? responseJson)
      : super._(
            status: status,
            httpStatus: httpStatus,
            fields: fields,
            reason: reason,
            retryAfter: retryAfter,
            responseJson: responseJson);
  @override
  ErrorKind get kind => ErrorKind.rejected;
}

/// An error this package found itself (nothing was sent).
OfferException localError(ErrorKind kind, String message) => OfferException._make(kind, message);

String? _text(Pointer<Utf8> p) => p == nullptr ? null : p.toDartString();

/// Copies a native error (may be NULL) that came with [status], then frees it.
OfferException adoptError(int status, Pointer<OfferkitError> error) {
  final c = native;
  try {
    if (error == nullptr) {
      return OfferException._make(ErrorKind.ofStatus(status), _text(c.offerkit_status_name(status)) ?? 'status $status',
          status: status);
    }
    final errorStatus = c.offerkit_error_status(error);
    final http = c.offerkit_error_http_status(error);
    final retryMs = c.offerkit_error_retry_after_ms(error);
    final fields = <FieldError>[];
    final fieldCount = c.offerkit_error_field_count(error);
    for (var f = 0; f < fieldCount; f++) {
      final path = _text(c.offerkit_error_field_path(error, f));
      final messages = <String, List<String>>{};
      final argumentCount = c.offerkit_error_field_argument_count(error, f);
      for (var a = 0; a < argumentCount; a++) {
        final name = _text(c.offerkit_error_field_argument_name(error, f, a)) ?? '';
        final count = c.offerkit_error_field_message_count(error, f, a);
        messages[name] = [for (var m = 0; m < count; m++) _text(c.offerkit_error_field_message(error, f, a, m)) ?? ''];
      }
      fields.add(FieldError(path == null || path.isEmpty ? null : path, messages));
    }
    return OfferException._make(
      ErrorKind.ofStatus(errorStatus),
      _text(c.offerkit_error_message(error)) ?? '',
      status: errorStatus,
      httpStatus: http == 0 ? null : http,
      fields: List.unmodifiable(fields),
      reason: _text(c.offerkit_error_reason(error)),
      retryAfter: retryMs >= 0 ? Duration(milliseconds: retryMs) : null,
      responseJson: _text(c.offerkit_error_response_json(error)),
    );
  } finally {
    c.offerkit_error_free(error);
  }
}

/// Runs one fallible C call with an `out_error` and throws its error when it fails.
void check(int Function(Pointer<Pointer<OfferkitError>> outError) call) {
  final out = calloc<Pointer<OfferkitError>>();
  try {
    final status = call(out);
    if (status != OfferkitStatus.ok) throw adoptError(status, out.value);
  } finally {
    calloc.free(out);
  }
}
