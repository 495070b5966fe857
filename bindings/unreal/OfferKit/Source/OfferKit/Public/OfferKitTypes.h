// OfferKitTypes.h: the Blueprint-facing shapes of offerkit results and errors (USTRUCTs,
// UENUMs) and the delegates the subsystem completes on the game thread.
//
// Absent fields: Blueprints have no optional type, so every typed field the service may leave
// out (because the selection did not ask for it, or it was sent unusable) comes with a bHas...
// flag. Absent: the flag is false and the value empty (or 0). Present: the flag is true, even
// when the value itself is empty or 0. Items the service sent malformed are never in Offers or
// Items: they are listed in Skipped with their position, id and reason.
//
// Numbers in options work the same way in reverse: Limit, PerPage and Page are sent only when
// their bHas... flag is true, and then as they are (0 and negatives included), so the
// service's rules see them (a Limit of 0 fails with InvalidArgument instead of meaning "none").
#pragma once

#include "CoreMinimal.h"
#include "OfferKitTypes.generated.h"

/** offerkit's error kinds: the C ABI's statuses, with their numbers (None: success). 1 to 16 are
 *  the kinds every offerkit binding names; 100 and up are misuse of the C interface. */
UENUM(BlueprintType)
enum class EOfferKitErrorKind : uint8
{
	None = 0,
	InvalidArgument = 1,
	Unauthorized = 2,
	Forbidden = 3,
	Validation = 4,
	Query = 5,
	InvalidCursor = 6,
	UnsupportedMediaType = 7,
	Unprocessable = 8,
	RateLimited = 9,
	Server = 10,
	Network = 11,
	Timeout = 12,
	Cancelled = 13,
	Decode = 14,
	Internal = 15,
	/** Another 4xx (400, 404, 405, ...) or a redirect: the request as sent was refused; a wrong
	 *  BaseUrl or path prefix is the usual cause. Never retried. */
	Rejected = 16,
	/** A required argument was missing (a bug of the plugin if ever seen). */
	NullArgument = 100,
	/** A text was not valid UTF-8; Fields names which. */
	InvalidUtf8 = 101,
	/** A number outside its documented range. */
	OutOfRange = 102,
	/** A blocking call on one of offerkit's own threads (never made by the plugin). */
	WouldDeadlock = 103,
	/** Nothing at that path. */
	NotFound = 104,
	/** The library cannot stop while a client is alive. */
	Busy = 105,
};

/** Why offerkit asks for an access token. */
UENUM(BlueprintType)
enum class EOfferKitTokenReason : uint8
{
	None = 0 UMETA(Hidden),
	Missing = 1,
	Expiring = 2,
	Rejected = 3,
};

USTRUCT(BlueprintType)
struct FOfferKitFieldArgument
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Name;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FString> Messages;
};

USTRUCT(BlueprintType)
struct FOfferKitFieldError
{
	GENERATED_BODY()
	/** The failing GraphQL field ("offers"); empty for a 422. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Path;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FOfferKitFieldArgument> Arguments;
};

/** The outcome of a call: bOk, or the error with everything offerkit knows about it. */
USTRUCT(BlueprintType)
struct FOfferKitError
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bOk = true;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") EOfferKitErrorKind Kind = EOfferKitErrorKind::None;
	/** "rate_limited", "invalid_utf8", ... (the same names in every offerkit binding). */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString KindName;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Message;
	/** The response's HTTP status (also 200 for an answer that could not be read); 0 when no
	 *  response arrived. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") int32 HttpStatus = 0;
	/** Why a cursor was refused (InvalidCursor). */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Reason;
	/** Seconds the service asked to wait (RateLimited, or Server when the wait would pass the
	 *  deadline), or -1. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") float RetryAfterSeconds = -1.f;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FOfferKitFieldError> Fields;
	/** The whole GraphQL response of a response with errors. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString ResponseJson;
};

/** An offer. Each typed field has a bHas... flag: false when the field is absent (see the top
 *  of this file). */
USTRUCT(BlueprintType)
struct FOfferKitOffer
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Id;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasId = false;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Name;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasName = false;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") double TotalPayoutUsd = 0;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasTotalPayoutUsd = false;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString CreativeName;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasCreativeName = false;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString CreativeDescription;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasCreativeDescription = false;
	/** The offer as the service sent it: every field, those asked for with Select included. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Json;
};

USTRUCT(BlueprintType)
struct FOfferKitPlayerOffer
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Id;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasId = false;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Name;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasName = false;
	/** "in_progress" or "completed". */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Status;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasStatus = false;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Json;
};

/** An item the service sent malformed, left out of its list (log it; show the others). */
USTRUCT(BlueprintType)
struct FOfferKitSkippedItem
{
	GENERATED_BODY()
	/** 0-based position in the answer as the service sent it. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") int32 Index = 0;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Id;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasId = false;
	/** Why, e.g. "name is null". */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Reason;
};

USTRUCT(BlueprintType)
struct FOfferKitPlayerOffersPage
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FOfferKitPlayerOffer> Items;
	/** Pass as After for the next page; empty on the last page. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString NextCursor;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FOfferKitSkippedItem> Skipped;
};

/** A page of the GET /v1/offers listing (bPaginated false when everything came at once). */
USTRUCT(BlueprintType)
struct FOfferKitListing
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FOfferKitOffer> Offers;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FOfferKitSkippedItem> Skipped;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bPaginated = false;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") int64 CurrentPage = 0;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") int64 PerPage = 0;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") bool bHasMorePages = false;
	/** 0 when the service gave none. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") int64 NextPage = 0;
};

USTRUCT(BlueprintType)
struct FOfferKitOffersOptions
{
	GENERATED_BODY()
	/** Sent only when bHasLimit: at least 1. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit", meta = (EditCondition = "bHasLimit")) int32 Limit = 0;
	/** False: no limit is sent. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit", meta = (InlineEditConditionToggle)) bool bHasLimit = false;
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Language;
	/** epc.asc, epc.desc, last_activation.asc, last_activation.desc; empty: default. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Sort;
	/** GraphQL fields added to the selection, e.g. "links { click_url }". */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Select;
	/** The whole offer selection, replacing "id name total_payout_usd creatives { name
	 *  description }" (Select is added to it); empty: the default. Fields it leaves out have
	 *  their bHas... flag false. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Selection;
};

USTRUCT(BlueprintType)
struct FOfferKitPlayerOffersOptions
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Language;
	/** Sent only when bHasLimit: 1 to 100. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit", meta = (EditCondition = "bHasLimit")) int32 Limit = 0;
	/** False: the service's default (50). */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit", meta = (InlineEditConditionToggle)) bool bHasLimit = false;
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString After;
	/** GraphQL fields added to each item's default selection. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Select;
	/** The whole playerOffers selection, e.g. "offers: items { id } next_cursor" (the items are
	 *  read from the one list it names); not together with Select. Empty: the default. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Selection;
};

/** Options of ListOffers (GET /v1/offers). */
USTRUCT(BlueprintType)
struct FOfferKitListOffersOptions
{
	GENERATED_BODY()
	/** Sent only when bHasPerPage: 1 to 100. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit", meta = (EditCondition = "bHasPerPage")) int32 PerPage = 0;
	/** False: every offer at once. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit", meta = (InlineEditConditionToggle)) bool bHasPerPage = false;
	/** Sent only when bHasPage (and only with PerPage): 1-indexed. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit", meta = (EditCondition = "bHasPage")) int32 Page = 0;
	/** False: the first page. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit", meta = (InlineEditConditionToggle)) bool bHasPage = false;
};

USTRUCT(BlueprintType)
struct FOfferKitLinksOptions
{
	GENERATED_BODY()
	/** Fields added to the default selection (support_portal), e.g. "offerwall". */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Select;
	/** The whole selection, replacing support_portal (Select is added to it); empty: default. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Selection;
};

USTRUCT(BlueprintType)
struct FOfferKitSettings
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString BaseUrl;
	/** Optional; otherwise answer OnTokenNeeded with SetAccessToken. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString AccessToken;
	/** 0: the library's default (10 s); any other value is checked (1 ms to 24 h). */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") int32 TimeoutMs = 0;
	/** -1: the library's default (2); any other value is checked (0 to 10). */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") int32 MaxRetries = -1;
	/** The longest a request takes until OnDone runs, whatever the service does: attempts,
	 *  retries, Retry-After waits and the wait for a token happen inside it (a Retry-After past
	 *  it fails at once). 0: the library's default (30 000 ms); any other value is checked. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") int32 DeadlineMs = 0;
	/** The most pages a walk over pages follows (0: the library's default, 1000; negative values
	 *  are refused). */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") int32 MaxPages = 0;
	/** Every request through this proxy, "http://[user:password@]host:port"; empty: direct
	 *  connections (the player's system proxy settings are never read). */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString ProxyUrl;
	/** Every request through the engine's HTTP module (FHttpModule) instead of offerkit's built-in
	 *  transport: the engine's TLS, certificate store, proxy settings and platform backends.
	 *  Always so with the lite library (the plugin's Android and iOS library: no transport of its
	 *  own). ProxyUrl must then be empty (set the proxy in the engine). */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") bool bUseEngineHttp = false;
};

DECLARE_DYNAMIC_DELEGATE_ThreeParams(FOfferKitOffersDone, const TArray<FOfferKitOffer>&, Offers, const TArray<FOfferKitSkippedItem>&, Skipped, const FOfferKitError&, Error);
DECLARE_DYNAMIC_DELEGATE_TwoParams(FOfferKitPlayerOffersDone, const FOfferKitPlayerOffersPage&, Page, const FOfferKitError&, Error);
DECLARE_DYNAMIC_DELEGATE_TwoParams(FOfferKitListingDone, const FOfferKitListing&, Listing, const FOfferKitError&, Error);
DECLARE_DYNAMIC_DELEGATE_TwoParams(FOfferKitJsonDone, const FString&, Json, const FOfferKitError&, Error);
DECLARE_DYNAMIC_MULTICAST_DELEGATE_OneParam(FOfferKitTokenNeeded, EOfferKitTokenReason, Reason);
