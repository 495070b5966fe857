// OfferKitException.cs: every failure of an offerkit call, as one exception type carrying the
// error kind and everything the C error object knows (field entries, HTTP status, cursor reason,
// retry-after, the GraphQL response). Built by copying a native error, which is then freed.
using System;
using System.Collections.Generic;
using OfferKit.Interop;

namespace OfferKit
{
    public class OfferKitException : Exception
    {
        private static readonly IReadOnlyList<FieldError> NoFields = new FieldError[0];

        internal OfferKitException(ErrorKind kind, OfferKitStatus status, string message, int? httpStatus,
            IReadOnlyList<FieldError> fields, string reason, TimeSpan? retryAfter, string responseJson,
            Exception inner = null)
            : base(message, inner)
        {
            Kind = kind;
            Status = status;
            HttpStatus = httpStatus;
            Fields = fields ?? NoFields;
            Reason = reason;
            RetryAfter = retryAfter;
            ResponseJson = responseJson;
        }

        /// <summary>The error kind (the same in every offerkit binding).</summary>
        public ErrorKind Kind { get; private set; }

        /// <summary>The kind's stable snake_case name ("rate_limited", ...).</summary>
        public string KindName { get { return KindNameOf(Kind); } }

        /// <summary>The C status: equal to the kind, or one of the C interface's own codes (NullArgument, InvalidUtf8, OutOfRange, WouldDeadlock, NotFound, Busy, AlreadyAnswered, NotAvailable) with kind InvalidArgument.</summary>
        public OfferKitStatus Status { get; private set; }

        /// <summary>
        /// The HTTP status of the response the error came from (whenever one arrived, so also 200
        /// for a Decode error of a body that was not what the spec describes); null when no
        /// response arrived (refused before sending, connection failure, timeout, cancellation).
        /// </summary>
        public int? HttpStatus { get; private set; }

        /// <summary>Field entries (Validation, InvalidArgument, Unprocessable); empty otherwise.</summary>
        public IReadOnlyList<FieldError> Fields { get; private set; }

        /// <summary>Why the cursor was refused (InvalidCursor), else null.</summary>
        public string Reason { get; private set; }

        /// <summary>
        /// How long the service asked to wait (RateLimited, or Server for a 503 whose Retry-After
        /// would end after the deadline: the call then fails at once instead of waiting), else null.
        /// </summary>
        public TimeSpan? RetryAfter { get; private set; }

        /// <summary>The whole GraphQL response of a response with errors (partial data included), else null.</summary>
        public string ResponseJson { get; private set; }

        /// <summary>Every message given for <paramref name="argument"/> in any field entry.</summary>
        public IReadOnlyList<string> MessagesFor(string argument)
        {
            var found = new List<string>();
            foreach (FieldError field in Fields)
            {
                IReadOnlyList<string> messages;
                if (field.Messages.TryGetValue(argument, out messages)) found.AddRange(messages);
            }
            return found;
        }

        public override string ToString()
        {
            return "OfferKitException(" + KindName + (HttpStatus.HasValue ? ", HTTP " + HttpStatus.Value : "") + "): " + Message;
        }

        /// <summary>The stable snake_case name of a kind, core's own ("unknown" for a number that is no kind).</summary>
        public static string KindNameOf(ErrorKind kind)
        {
            // The C ABI names statuses; those of 1 to 16 are the kinds, under core's names.
            uint number = (uint)kind;
            return number >= 1 && number <= (uint)ErrorKind.Rejected
                ? Utf8.FromNative(NativeMethods.offerkit_status_name(number))
                : "unknown";
        }

        /// <summary>The kind of a C status: itself from 1 to 16; InvalidArgument for the C interface's own codes.</summary>
        internal static ErrorKind KindOf(uint status)
        {
            return status >= 1 && status <= (uint)ErrorKind.Rejected ? (ErrorKind)status : ErrorKind.InvalidArgument;
        }

        /// <summary>An error found by this wrapper itself (nothing was sent).</summary>
        internal static OfferKitException Local(ErrorKind kind, OfferKitStatus status, string message, Exception inner = null)
        {
            return new OfferKitException(kind, status, message, null, null, null, null, null, inner);
        }

        /// <summary>A failure inside this wrapper (a bug): kind Internal.</summary>
        internal static OfferKitException Internal(Exception inner)
        {
            return Local(ErrorKind.Internal, OfferKitStatus.Internal,
                "offerkit C# wrapper: " + inner.GetType().Name + ": " + inner.Message, inner);
        }

        /// <summary>
        /// Copies a native error (which may be NULL) returned with <paramref name="status"/>, and
        /// frees it, exactly once, whatever happens while copying.
        /// </summary>
        internal static OfferKitException Adopt(uint status, IntPtr error)
        {
            try
            {
                return Copy(status, error);
            }
            finally
            {
                Owned.FreeError(error);
            }
        }

        private static OfferKitException Copy(uint status, IntPtr error)
        {
            if (error == IntPtr.Zero)
                return Local(KindOf(status), (OfferKitStatus)status, Utf8.FromNative(NativeMethods.offerkit_status_name(status)));
            uint errorStatus = NativeMethods.offerkit_error_status(error);
            ErrorKind kind = KindOf(errorStatus);
            var fullStatus = (OfferKitStatus)errorStatus;
            string message = Utf8.FromNative(NativeMethods.offerkit_error_message(error));
            ushort httpNative = NativeMethods.offerkit_error_http_status(error);
            int? http = httpNative != 0 ? httpNative : (int?)null; // the C ABI's 0: no response
            string reason = Utf8.FromNative(NativeMethods.offerkit_error_reason(error));
            long retryMs = NativeMethods.offerkit_error_retry_after_ms(error);
            TimeSpan? retryAfter = retryMs >= 0 ? TimeSpan.FromMilliseconds(retryMs) : (TimeSpan?)null;
            string response = Utf8.FromNative(NativeMethods.offerkit_error_response_json(error));

            var fields = new List<FieldError>();
            ulong fieldCount = NativeMethods.offerkit_error_field_count(error).ToUInt64();
            for (ulong f = 0; f < fieldCount; f++)
            {
                var fi = new UIntPtr(f);
                string path = Utf8.FromNative(NativeMethods.offerkit_error_field_path(error, fi));
                if (string.IsNullOrEmpty(path)) path = null; // the C ABI's "": the entry has no path
                var names = new List<string>();
                var messages = new Dictionary<string, IReadOnlyList<string>>();
                ulong argumentCount = NativeMethods.offerkit_error_field_argument_count(error, fi).ToUInt64();
                for (ulong a = 0; a < argumentCount; a++)
                {
                    var ai = new UIntPtr(a);
                    string name = Utf8.FromNative(NativeMethods.offerkit_error_field_argument_name(error, fi, ai)) ?? "";
                    var list = new List<string>();
                    ulong messageCount = NativeMethods.offerkit_error_field_message_count(error, fi, ai).ToUInt64();
                    for (ulong m = 0; m < messageCount; m++)
                        list.Add(Utf8.FromNative(NativeMethods.offerkit_error_field_message(error, fi, ai, new UIntPtr(m))) ?? "");
                    names.Add(name);
                    messages[name] = list;
                }
                fields.Add(new FieldError(path, names, messages));
            }
            return new OfferKitException(kind, fullStatus, message, http, fields, reason, retryAfter, response);
        }
    }
}
