// NativeOptions.cs: the optional arguments of one call as the C ABI's options builders (opaque
// objects made, filled and freed around that call; the library copies the values). A C# null is
// a setter never called, "not sent"; every number, 0 and negatives included, is passed on so the
// library checks it with the service's words.
using System;

namespace OfferKit.Interop
{
    internal sealed class NativeOptions : IDisposable
    {
        private delegate uint SetText(IntPtr options, IntPtr value, ref IntPtr error);
        private delegate uint SetNumber(IntPtr options, long value, ref IntPtr error);

        private readonly Action<IntPtr> _free;
        private IntPtr _options;

        private NativeOptions(IntPtr options, Action<IntPtr> free)
        {
            _options = options;
            _free = free;
        }

        /// <summary>The native object, valid until Dispose.</summary>
        internal IntPtr Pointer { get { return _options; } }

        internal static NativeOptions Offers(OffersOptions o, NativeStrings strings)
        {
            return Make(NativeMethods.offerkit_offers_options_new, Owned.FreeOffersOptions, made =>
            {
                made.Number(NativeMethods.offerkit_offers_options_set_limit, o.Limit);
                made.Text(NativeMethods.offerkit_offers_options_set_language, strings.Add(o.Language, "language"));
                made.Text(NativeMethods.offerkit_offers_options_set_sort, strings.Add(o.Sort, "sort"));
                made.Text(NativeMethods.offerkit_offers_options_set_select, strings.Add(o.Select, "select"));
                made.Text(NativeMethods.offerkit_offers_options_set_selection, strings.Add(o.Selection, "selection"));
            });
        }

        internal static NativeOptions PlayerOffers(PlayerOffersOptions o, NativeStrings strings)
        {
            return Make(NativeMethods.offerkit_player_offers_options_new, Owned.FreePlayerOffersOptions, made =>
            {
                made.Number(NativeMethods.offerkit_player_offers_options_set_limit, o.Limit);
                made.Text(NativeMethods.offerkit_player_offers_options_set_language, strings.Add(o.Language, "language"));
                made.Text(NativeMethods.offerkit_player_offers_options_set_after, strings.Add(o.After, "after"));
                made.Text(NativeMethods.offerkit_player_offers_options_set_select, strings.Add(o.Select, "select"));
                made.Text(NativeMethods.offerkit_player_offers_options_set_selection, strings.Add(o.Selection, "selection"));
            });
        }

        internal static NativeOptions ListOffers(int? perPage, int? page)
        {
            return Make(NativeMethods.offerkit_list_offers_options_new, Owned.FreeListOffersOptions, made =>
            {
                made.Number(NativeMethods.offerkit_list_offers_options_set_per_page, perPage);
                made.Number(NativeMethods.offerkit_list_offers_options_set_page, page);
            });
        }

        private delegate uint New(ref IntPtr options, ref IntPtr error);

        /// <summary>A builder made by <paramref name="make"/> and filled by <paramref name="fill"/>;
        /// freed again if filling it throws.</summary>
        private static NativeOptions Make(New make, Action<IntPtr> free, Action<NativeOptions> fill)
        {
            IntPtr options = IntPtr.Zero;
            IntPtr error = IntPtr.Zero;
            OfferKitClient.Check(make(ref options, ref error), error);
            var made = new NativeOptions(Tracking.Took(options), free);
            try
            {
                fill(made);
                return made;
            }
            catch
            {
                made.Dispose();
                throw;
            }
        }

        private void Text(SetText set, IntPtr value)
        {
            if (value == IntPtr.Zero) return; // never set: not sent
            IntPtr error = IntPtr.Zero;
            OfferKitClient.Check(set(_options, value, ref error), error);
        }

        private void Number(SetNumber set, int? value)
        {
            if (!value.HasValue) return; // never set: not sent
            IntPtr error = IntPtr.Zero;
            OfferKitClient.Check(set(_options, value.Value, ref error), error);
        }

        public void Dispose()
        {
            IntPtr options = _options;
            _options = IntPtr.Zero;
            _free(options);
        }
    }
}
