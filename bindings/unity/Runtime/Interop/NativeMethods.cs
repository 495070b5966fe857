// NativeMethods.cs: the P/Invoke declarations of the offerkit C ABI (include/offerkit.h), and
// nothing else. Every type is blittable or marshalled by hand: strings travel as UTF-8 pointers
// (Utf8.cs), bool as one byte, size_t as UIntPtr, callbacks as delegates of static methods
// (Callbacks.cs), so the same declarations work on Mono, IL2CPP and .NET.
using System;
using System.Runtime.InteropServices;

namespace OfferKit.Interop
{
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void OfferListCallback(IntPtr userData, uint status, IntPtr list, IntPtr error);

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void JsonCallback(IntPtr userData, uint status, IntPtr json, IntPtr error);

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void PlayerOffersPageCallback(IntPtr userData, uint status, IntPtr page, IntPtr error);

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void TokenNeededCallback(IntPtr userData, uint reason);

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void LogCallback(IntPtr userData, uint level, IntPtr message);

    /// <summary>OfferkitOffersOptions: a zero field is "not sent".</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeOffersOptions
    {
        public long Limit;
        public IntPtr Language;
        public IntPtr Sort;
        public IntPtr Select;
        public IntPtr Selection;
    }

    /// <summary>OfferkitPlayerOffersOptions.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePlayerOffersOptions
    {
        public IntPtr Language;
        public long Limit;
        public IntPtr After;
        public IntPtr Select;
        public IntPtr Selection;
    }

    /// <summary>OfferkitOfferView: strings borrowed from the list, NULL when the field is absent;
    /// the payout is NaN and HasTotalPayoutUsd 0 when it is absent (C99 bool is one byte).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeOfferView
    {
        public IntPtr Id;
        public IntPtr Name;
        public double TotalPayoutUsd;
        public IntPtr CreativeName;
        public IntPtr CreativeDescription;
        public byte HasTotalPayoutUsd;
    }

    /// <summary>OfferkitSkippedItem: an item the service sent malformed; strings borrowed from
    /// the list or page (Id NULL when the item had no usable id).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSkippedItem
    {
        public UIntPtr Index;
        public IntPtr Id;
        public IntPtr Reason;
    }

    /// <summary>OfferkitPlayerOfferView: strings borrowed from the page.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePlayerOfferView
    {
        public IntPtr Id;
        public IntPtr Name;
        public IntPtr Status;
    }

    /// <summary>OfferkitPagination (C99 bool is one byte).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePagination
    {
        public long CurrentPage;
        public long PerPage;
        public byte HasMorePages;
        public long NextPage;
    }

    internal static class NativeMethods
    {
#if (UNITY_IOS || UNITY_TVOS || UNITY_WEBGL) && !UNITY_EDITOR
        // Statically linked into the player (Plugins/iOS/libofferkit.a).
        internal const string Library = "__Internal";
#else
        // libofferkit.so / libofferkit.dylib / offerkit.dll
        internal const string Library = "offerkit";
#endif

        internal const uint StatusOk = 0;
        internal const uint DeliveryThread = 0;
        internal const uint DeliveryPoll = 1;

        // ---- library
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_version();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_status_name(uint status);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_error_kind_name(uint kind);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_string_free(IntPtr s);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_set_log_callback(LogCallback callback, IntPtr userData, uint maxLevel);

        // ---- config
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_new(IntPtr baseUrl, ref IntPtr config, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_config_free(IntPtr config);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_timeout_ms(IntPtr config, ulong ms, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_connect_timeout_ms(IntPtr config, ulong ms, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_max_retries(IntPtr config, uint maxRetries, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_deadline_ms(IntPtr config, ulong deadlineMs, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_max_pages(IntPtr config, uint maxPages, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_proxy(IntPtr config, IntPtr url, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_retry_backoff_ms(IntPtr config, ulong initialMs, ulong maxMs, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_add_root_pem(IntPtr config, IntPtr pem, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_allow_insecure_http(IntPtr config, [MarshalAs(UnmanagedType.U1)] bool allow, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_access_token(IntPtr config, IntPtr token, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_token_needed(IntPtr config, TokenNeededCallback callback, IntPtr userData, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_token_wait_ms(IntPtr config, ulong ms, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_cache(IntPtr config, ulong ttlMs, uint maxEntries, ulong maxStaleMs, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_config_set_delivery(IntPtr config, uint delivery, ref IntPtr error);

        // ---- client
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_new(IntPtr config, ref IntPtr client, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_client_free(IntPtr client);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_set_access_token(ClientHandle client, IntPtr token, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_fail_token_request(ClientHandle client, IntPtr reason, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_invalidate(ClientHandle client, IntPtr playerId, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_client_clear_cache(ClientHandle client);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_client_poll(IntPtr client, UIntPtr max);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_offers_async(ClientHandle client, IntPtr playerId, ref NativeOffersOptions options,
            OfferListCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_links_async(ClientHandle client, IntPtr playerId, IntPtr select, IntPtr selection,
            JsonCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_player_offers_async(ClientHandle client, IntPtr playerId, ref NativePlayerOffersOptions options,
            PlayerOffersPageCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_list_offers_async(ClientHandle client, long perPage, long page,
            OfferListCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_list_all_offers_async(ClientHandle client, long perPage,
            OfferListCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_graphql_async(ClientHandle client, IntPtr document, IntPtr variablesJson,
            JsonCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_player_offers_pager(ClientHandle client, IntPtr playerId, ref NativePlayerOffersOptions options,
            ref IntPtr pager, ref IntPtr error);

        // ---- pager
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_pager_next_async(PagerHandle pager, PlayerOffersPageCallback callback, IntPtr userData,
            ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_player_offers_pager_free(IntPtr pager);

        // ---- requests
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        [return: MarshalAs(UnmanagedType.U1)]
        internal static extern bool offerkit_request_cancel(IntPtr request);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_request_free(IntPtr request);

        // ---- offer lists
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_offer_list_free(IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_offer_list_count(IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        [return: MarshalAs(UnmanagedType.U1)]
        internal static extern bool offerkit_offer_list_from_cache(IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        [return: MarshalAs(UnmanagedType.U1)]
        internal static extern bool offerkit_offer_list_is_stale(IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern ulong offerkit_offer_list_age_ms(IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_offer_list_get(IntPtr list, UIntPtr index, out NativeOfferView view, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_offer_list_skipped_count(IntPtr list);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_offer_list_skipped_get(IntPtr list, UIntPtr index, out NativeSkippedItem item, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_offer_list_item_json(IntPtr list, UIntPtr index, ref IntPtr json, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        [return: MarshalAs(UnmanagedType.U1)]
        internal static extern bool offerkit_offer_list_pagination(IntPtr list, out NativePagination pagination);

        // ---- player offers pages
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_player_offers_page_free(IntPtr page);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_player_offers_page_count(IntPtr page);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_player_offers_page_next_cursor(IntPtr page);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_player_offers_page_skipped_count(IntPtr page);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_page_skipped_get(IntPtr page, UIntPtr index, out NativeSkippedItem item, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_page_get(IntPtr page, UIntPtr index, out NativePlayerOfferView view, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_page_item_json(IntPtr page, UIntPtr index, ref IntPtr json, ref IntPtr error);

        // ---- errors
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_error_free(IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_error_kind(IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_error_status(IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_error_message(IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern ushort offerkit_error_http_status(IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_error_reason(IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern long offerkit_error_retry_after_ms(IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_error_response_json(IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_error_field_count(IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_error_field_path(IntPtr error, UIntPtr field);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_error_field_argument_count(IntPtr error, UIntPtr field);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_error_field_argument_name(IntPtr error, UIntPtr field, UIntPtr argument);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_error_field_message_count(IntPtr error, UIntPtr field, UIntPtr argument);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_error_field_message(IntPtr error, UIntPtr field, UIntPtr argument, UIntPtr message);

        // ---- player ids
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_id_validate(IntPtr playerId, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_id_lint(IntPtr playerId, out uint flags, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_player_id_convention_name(uint flag);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_player_id_convention_describe(uint flag);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_id_short(IntPtr internalId, ref IntPtr id, ref IntPtr error);
    }
}
