// Click.cs: the tracking URL of an offer for one player. The reward's postback carries the
// player id sent at click time, and a click without one lands on the service's 404 page, so
// open offers through Click.Url: it refuses an id the service refuses, reports convention
// breaks, and sets player_id to exactly the given id (core's offerkit_click_url).
using System;
using OfferKit.Interop;

namespace OfferKit
{
    /// <summary>A tracking URL for one player, and the conventions that player's id breaks.</summary>
    public sealed class ClickUrl
    {
        /// <summary>The URL to open.</summary>
        public string Url { get; }

        /// <summary>None when the id follows every convention (the service accepts it either way).</summary>
        public PlayerIdConventions Warnings { get; }

        internal ClickUrl(string url, PlayerIdConventions warnings)
        {
            Url = url;
            Warnings = warnings;
        }
    }

    public static class Click
    {
        /// <summary>
        /// The tracking URL of an offer for <paramref name="playerId"/>. <paramref name="offerClickUrl"/>
        /// is the offer's links.click_url (request it with the selection "links { click_url }"),
        /// with or without a player id: every player_id parameter it has is removed and
        /// player_id=(the id, form-encoded) is appended at the end of its query; the other
        /// parameters keep their order and bytes (empty ones, "&amp;&amp;", are dropped), and so
        /// does the fragment.
        /// Throws OfferKitException (InvalidArgument) for an empty or over-long id, or a URL that
        /// is not an absolute http(s) URL. When Warnings is not None, log it: the same id must be
        /// used everywhere, exactly.
        /// </summary>
        public static ClickUrl Url(string offerClickUrl, string playerId)
        {
            using (var strings = new NativeStrings())
            {
                IntPtr url = IntPtr.Zero;
                IntPtr error = IntPtr.Zero;
                uint warnings;
                OfferKitClient.Check(
                    ClickNative.offerkit_click_url(strings.Add(offerClickUrl, "click_url"), strings.Add(playerId, "player_id"), ref url, out warnings, ref error),
                    error);
                return new ClickUrl(Utf8.TakeOwned(Tracking.Took(url)), (PlayerIdConventions)warnings);
            }
        }
    }
}
