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
            ulong count = NativeMethods.offerkit_offer_list_count(list).ToUInt64();
            var offers = new List<Offer>((int)count);
            for (ulong i = 0; i < count; i++)
            {
                var index = new UIntPtr(i);
                NativeOfferView view;
                IntPtr error = IntPtr.Zero;
                Check(NativeMethods.offerkit_offer_list_get(list, index, out view, ref error), error);
                IntPtr json = IntPtr.Zero;
                error = IntPtr.Zero;
                Check(NativeMethods.offerkit_offer_list_item_json(list, index, ref json, ref error), error);
                string rawJson = Utf8.TakeOwned(Tracking.Took(json));
                offers.Add(new Offer(Utf8.FromNative(view.Id), Utf8.FromNative(view.Name),
                    view.HasTotalPayoutUsd != 0 ? view.TotalPayoutUsd : (double?)null,
                    Utf8.FromNative(view.CreativeName), Utf8.FromNative(view.CreativeDescription), rawJson));
            }
            var skipped = new List<SkippedItem>();
            ulong skippedCount = NativeMethods.offerkit_offer_list_skipped_count(list).ToUInt64();
            for (ulong i = 0; i < skippedCount; i++)
            {
                NativeSkippedItem item;
                IntPtr error = IntPtr.Zero;
                Check(NativeMethods.offerkit_offer_list_skipped_get(list, new UIntPtr(i), out item, ref error), error);
                skipped.Add(Skipped(item));
            }
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
            ulong count = NativeMethods.offerkit_player_offers_page_count(page).ToUInt64();
            var items = new List<PlayerOffer>((int)count);
            for (ulong i = 0; i < count; i++)
            {
                var index = new UIntPtr(i);
                NativePlayerOfferView view;
                IntPtr error = IntPtr.Zero;
                Check(NativeMethods.offerkit_player_offers_page_get(page, index, out view, ref error), error);
                IntPtr json = IntPtr.Zero;
                error = IntPtr.Zero;
                Check(NativeMethods.offerkit_player_offers_page_item_json(page, index, ref json, ref error), error);
                string rawJson = Utf8.TakeOwned(Tracking.Took(json));
                items.Add(new PlayerOffer(Utf8.FromNative(view.Id), Utf8.FromNative(view.Name), Utf8.FromNative(view.Status), rawJson));
            }
            var skipped = new List<SkippedItem>();
            ulong skippedCount = NativeMethods.offerkit_player_offers_page_skipped_count(page).ToUInt64();
            for (ulong i = 0; i < skippedCount; i++)
            {
                NativeSkippedItem item;
                IntPtr error = IntPtr.Zero;
                Check(NativeMethods.offerkit_player_offers_page_skipped_get(page, new UIntPtr(i), out item, ref error), error);
                skipped.Add(Skipped(item));
            }
            string cursor = Utf8.FromNative(NativeMethods.offerkit_player_offers_page_next_cursor(page));
            return new PlayerOffersPage(items, cursor, skipped);
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
