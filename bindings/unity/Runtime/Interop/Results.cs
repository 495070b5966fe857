// Results.cs: copies native results (offer lists, player-offers pages, their skipped items) into
// managed objects. The caller owns and frees the native object; nothing here keeps a pointer.
using System;
using System.Collections.Generic;
using System.Threading;

namespace OfferKit.Interop
{
    internal static class Results
    {
        /// <summary>Test seam: the next N conversions throw, to prove that failures inside the
        /// wrapper still free every native object and fail the task with kind Internal.</summary>
        internal static int FailNextConversions;

        private static void MaybeFail()
        {
            if (Volatile.Read(ref FailNextConversions) > 0 && Interlocked.Decrement(ref FailNextConversions) >= 0)
                throw new InvalidOperationException("conversion failure injected by a test");
        }

        private static void Check(uint status, IntPtr error)
        {
            if (status != NativeMethods.StatusOk) throw OfferKitException.Adopt(status, Tracking.Took(error));
        }

        internal static OfferList Offers(IntPtr list)
        {
            MaybeFail();
            List<Offer> offers = Items<NativeOfferView, Offer>(list, NativeMethods.offerkit_offer_list_count(list),
                NativeMethods.offerkit_offer_list_get, NativeMethods.offerkit_offer_list_item_json,
                (view, rawJson) => new Offer(Utf8.FromNative(view.Id), Utf8.FromNative(view.Name),
                    view.HasTotalPayoutUsd != 0 ? view.TotalPayoutUsd : (double?)null,
                    Utf8.FromNative(view.CreativeName), Utf8.FromNative(view.CreativeDescription), rawJson));
            List<SkippedItem> skipped = SkippedItems(list, NativeMethods.offerkit_offer_list_skipped_count(list),
                NativeMethods.offerkit_offer_list_skipped_get);
            return new OfferList(offers, skipped, NativeMethods.offerkit_offer_list_from_cache(list),
                NativeMethods.offerkit_offer_list_is_stale(list),
                TimeSpan.FromMilliseconds(NativeMethods.offerkit_offer_list_age_ms(list)));
        }

        internal static OfferListPage ListingPage(IntPtr list)
        {
            OfferList offers = Offers(list);
            NativePagination p;
            Pagination pagination = null;
            if (NativeMethods.offerkit_offer_list_pagination(list, out p))
                pagination = new Pagination(p.CurrentPage, p.PerPage, p.HasMorePages != 0,
                    p.NextPage != 0 ? p.NextPage : (long?)null);
            return new OfferListPage(offers, pagination);
        }

        /// <summary>A page, or null for NULL (the pager passed the last page).</summary>
        internal static PlayerOffersPage Page(IntPtr page)
        {
            MaybeFail();
            if (page == IntPtr.Zero) return null;
            List<PlayerOffer> items = Items<NativePlayerOfferView, PlayerOffer>(page,
                NativeMethods.offerkit_player_offers_page_count(page),
                NativeMethods.offerkit_player_offers_page_get, NativeMethods.offerkit_player_offers_page_item_json,
                (view, rawJson) => new PlayerOffer(Utf8.FromNative(view.Id), Utf8.FromNative(view.Name),
                    Utf8.FromNative(view.Status), rawJson));
            List<SkippedItem> skipped = SkippedItems(page, NativeMethods.offerkit_player_offers_page_skipped_count(page),
                NativeMethods.offerkit_player_offers_page_skipped_get);
            string cursor = Utf8.FromNative(NativeMethods.offerkit_player_offers_page_next_cursor(page));
            return new PlayerOffersPage(items, cursor, skipped);
        }

        // The getters of an offer list and of a player-offers page have the same shapes.
        private delegate uint GetView<TView>(IntPtr owner, UIntPtr index, out TView view, ref IntPtr error);
        private delegate uint GetItemJson(IntPtr owner, UIntPtr index, ref IntPtr json, ref IntPtr error);
        private delegate uint GetSkipped(IntPtr owner, UIntPtr index, out NativeSkippedItem item, ref IntPtr error);

        /// <summary>Copies the <paramref name="count"/> items of a list or page: each one's typed
        /// view and its JSON object, made into <typeparamref name="TItem"/> by <paramref name="make"/>.</summary>
        private static List<TItem> Items<TView, TItem>(IntPtr owner, UIntPtr count, GetView<TView> getView,
            GetItemJson getJson, Func<TView, string, TItem> make)
        {
            ulong total = count.ToUInt64();
            var items = new List<TItem>((int)total);
            for (ulong i = 0; i < total; i++)
            {
                var index = new UIntPtr(i);
                TView view;
                IntPtr error = IntPtr.Zero;
                Check(getView(owner, index, out view, ref error), error);
                IntPtr json = IntPtr.Zero;
                error = IntPtr.Zero;
                Check(getJson(owner, index, ref json, ref error), error);
                string rawJson = Utf8.TakeOwned(Tracking.Took(json));
                items.Add(make(view, rawJson));
            }
            return items;
        }

        /// <summary>Copies the <paramref name="count"/> items a list or page left out as malformed.</summary>
        private static List<SkippedItem> SkippedItems(IntPtr owner, UIntPtr count, GetSkipped get)
        {
            ulong total = count.ToUInt64();
            var skipped = new List<SkippedItem>();
            for (ulong i = 0; i < total; i++)
            {
                NativeSkippedItem item;
                IntPtr error = IntPtr.Zero;
                Check(get(owner, new UIntPtr(i), out item, ref error), error);
                skipped.Add(Skipped(item));
            }
            return skipped;
        }

        private static SkippedItem Skipped(NativeSkippedItem item)
        {
            ulong index = item.Index.ToUInt64();
            return new SkippedItem(index > int.MaxValue ? int.MaxValue : (int)index, Utf8.FromNative(item.Id),
                Utf8.FromNative(item.Reason) ?? "");
        }

        internal static string Text(IntPtr borrowedJson)
        {
            MaybeFail();
            return Utf8.FromNative(borrowedJson);
        }
    }
}
