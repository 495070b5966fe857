// NativeMethods.cs: the P/Invoke declarations of the offerkit C ABI (include/offerkit.h), and
// nothing else. Every type is blittable or marshalled by hand: strings travel as UTF-8 pointers
// (Utf8.cs), bool as one byte, size_t as UIntPtr, callbacks as delegates of static methods
// (Callbacks.cs), so the same declarations work on Mono, IL2CPP and .NET.
using System;
using System.Runtime.InteropServices;

namespace OfferKit.Interop
{
    // The completion callbacks: `request` is borrowed, valid during the call, never NULL.
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void OfferListCallback(IntPtr userData, IntPtr request, uint status, IntPtr list, IntPtr error);

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void JsonCallback(IntPtr userData, IntPtr request, uint status, IntPtr json, IntPtr error);

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void PlayerOffersPageCallback(IntPtr userData, IntPtr request, uint status, IntPtr page, IntPtr error);

    /// <summary>`client` is borrowed: the client that needs a token, valid during the call.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void TokenNeededCallback(IntPtr userData, IntPtr client, uint reason);

    /// <summary>The host HTTP executor: `request` is the host's reference, answered once and freed once.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void HttpExecuteCallback(IntPtr userData, IntPtr request);

    /// <summary>offerkit no longer wants the answer to `request` (borrowed: only a key here).</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void HttpCancelCallback(IntPtr userData, IntPtr request);

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void LogCallback(IntPtr userData, uint level, IntPtr message);

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
        internal const uint StatusBusy = 105;
        internal const uint StatusOutOfRange = 102;
        internal const uint DeliveryPoll = 1; // OFFERKIT_DELIVERY_POLL: callbacks run only where the host polls

        // ---- library
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_version();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_status_name(uint status);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_string_free(IntPtr s);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_set_log_callback(LogCallback callback, IntPtr userData, uint maxLevel, uint delivery);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_log_poll(UIntPtr max);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_shutdown(ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        [return: MarshalAs(UnmanagedType.U1)]
        internal static extern bool offerkit_has_builtin_http();

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
        internal static extern uint offerkit_config_set_setting_name(IntPtr config, IntPtr setting, IntPtr name, ref IntPtr error);

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
        internal static extern uint offerkit_config_set_http_executor(IntPtr config, HttpExecuteCallback execute, HttpCancelCallback cancel, IntPtr userData, ref IntPtr error);

        // ---- host HTTP executor requests
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_http_request_free(IntPtr request);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_http_request_method(IntPtr request);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr offerkit_http_request_url(IntPtr request);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_http_request_header_count(IntPtr request);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_http_request_header(IntPtr request, UIntPtr index, ref IntPtr name, ref IntPtr value, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_http_request_body(IntPtr request, ref IntPtr body, ref UIntPtr length, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern ulong offerkit_http_request_timeout_ms(IntPtr request);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr offerkit_http_request_max_response_bytes(IntPtr request);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern ulong offerkit_http_request_id(IntPtr request);

        /// <summary>`names`/`values`: UTF-8 pointers (the arrays are pinned for the call); everything is copied.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_http_request_respond(IntPtr request, uint status, IntPtr[] names, IntPtr[] values,
            UIntPtr headerCount, byte[] body, UIntPtr bodyLength, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_http_request_fail(IntPtr request, uint kind, IntPtr message, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_http_request_fail_after_status(IntPtr request, uint kind, uint status, IntPtr message, ref IntPtr error);

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
        internal static extern UIntPtr offerkit_client_pending_completions(ClientHandle client);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_offers_async(ClientHandle client, IntPtr playerId, IntPtr options,
            OfferListCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_links_async(ClientHandle client, IntPtr playerId, IntPtr select, IntPtr selection,
            JsonCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_player_offers_async(ClientHandle client, IntPtr playerId, IntPtr options,
            PlayerOffersPageCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_list_offers_async(ClientHandle client, IntPtr options,
            OfferListCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_list_all_offers_async(ClientHandle client, IntPtr options,
            OfferListCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_graphql_async(ClientHandle client, IntPtr document, IntPtr variablesJson,
            JsonCallback callback, IntPtr userData, ref IntPtr request, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_client_player_offers_pager(ClientHandle client, IntPtr playerId, IntPtr options,
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

        // ---- options (opaque builders; a setter never called is "not sent")
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_offers_options_new(ref IntPtr options, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_offers_options_free(IntPtr options);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_offers_options_set_limit(IntPtr options, long limit, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_offers_options_set_language(IntPtr options, IntPtr language, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_offers_options_set_sort(IntPtr options, IntPtr sort, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_offers_options_set_select(IntPtr options, IntPtr select, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_offers_options_set_selection(IntPtr options, IntPtr selection, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_options_new(ref IntPtr options, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_player_offers_options_free(IntPtr options);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_options_set_limit(IntPtr options, long limit, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_options_set_language(IntPtr options, IntPtr language, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_options_set_after(IntPtr options, IntPtr after, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_options_set_select(IntPtr options, IntPtr select, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_player_offers_options_set_selection(IntPtr options, IntPtr selection, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_list_offers_options_new(ref IntPtr options, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void offerkit_list_offers_options_free(IntPtr options);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_list_offers_options_set_per_page(IntPtr options, long perPage, ref IntPtr error);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_list_offers_options_set_page(IntPtr options, long page, ref IntPtr error);

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
