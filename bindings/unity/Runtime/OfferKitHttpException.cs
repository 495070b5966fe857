// OfferKitHttpException.cs: how an IOfferKitHttpExecutor says which failure ended an attempt;
// the message (the stack's own words) reaches the OfferKitException of the call.
using System;

namespace OfferKit
{
    public sealed class OfferKitHttpException : Exception
    {
        public OfferKitHttpException(OfferKitHttpFailure failure, string message, Exception inner = null)
            : base(message, inner)
        {
            Failure = failure;
        }

        /// <summary>
        /// The failure after a status line had arrived (a body that broke off, or was too long):
        /// the call's error carries that status.
        /// </summary>
        public OfferKitHttpException(OfferKitHttpFailure failure, int status, string message, Exception inner = null)
            : base(message, inner)
        {
            Failure = failure;
            Status = status;
        }

        public OfferKitHttpFailure Failure { get; private set; }

        /// <summary>The status that had arrived, or null.</summary>
        public int? Status { get; private set; }
    }
}
