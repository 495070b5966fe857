// OfferKitTypes.h: the Blueprint-facing shapes of offerkit results and errors (USTRUCTs,
// UENUMs) and the delegates the subsystem completes on the game thread.
#pragma once

#include "CoreMinimal.h"
#include "OfferKitTypes.generated.h"

/** offerkit's error kinds, with the C ABI's numbers (None: success). */
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
	/** "rate_limited", ... (the same names in every offerkit binding). */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString KindName;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Message;
	/** 0 when there was no response. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") int32 HttpStatus = 0;
	/** Why a cursor was refused (InvalidCursor). */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Reason;
	/** Seconds the service asked to wait (RateLimited), or -1. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") float RetryAfterSeconds = -1.f;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FOfferKitFieldError> Fields;
	/** The whole GraphQL response of a response with errors. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString ResponseJson;
};

USTRUCT(BlueprintType)
struct FOfferKitOffer
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Id;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Name;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") double TotalPayoutUsd = 0;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString CreativeName;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString CreativeDescription;
	/** The offer as the service sent it (fields asked for with Select are here). */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Json;
};

USTRUCT(BlueprintType)
struct FOfferKitPlayerOffer
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Id;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Name;
	/** "in_progress" or "completed". */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Status;
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString Json;
};

USTRUCT(BlueprintType)
struct FOfferKitPlayerOffersPage
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FOfferKitPlayerOffer> Items;
	/** Pass as After for the next page; empty on the last page. */
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") FString NextCursor;
};

/** A page of the GET /v1/offers listing (bPaginated false when everything came at once). */
USTRUCT(BlueprintType)
struct FOfferKitListing
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadOnly, Category = "OfferKit") TArray<FOfferKitOffer> Offers;
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
	/** 0: no limit. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") int32 Limit = 0;
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Language;
	/** epc.asc, epc.desc, last_activation.asc, last_activation.desc; empty: default. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Sort;
	/** Extra GraphQL fields, e.g. "links { click_url }". */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Select;
};

USTRUCT(BlueprintType)
struct FOfferKitPlayerOffersOptions
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString Language;
	/** 0: the service's default (50). */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") int32 Limit = 0;
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString After;
};

USTRUCT(BlueprintType)
struct FOfferKitSettings
{
	GENERATED_BODY()
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString BaseUrl;
	/** Optional; otherwise answer OnTokenNeeded with SetAccessToken. */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") FString AccessToken;
	/** 0: the library's default (10 s). */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") int32 TimeoutMs = 0;
	/** -1: the library's default (2). */
	UPROPERTY(BlueprintReadWrite, Category = "OfferKit") int32 MaxRetries = -1;
};

DECLARE_DYNAMIC_DELEGATE_TwoParams(FOfferKitOffersDone, const TArray<FOfferKitOffer>&, Offers, const FOfferKitError&, Error);
DECLARE_DYNAMIC_DELEGATE_TwoParams(FOfferKitPlayerOffersDone, const FOfferKitPlayerOffersPage&, Page, const FOfferKitError&, Error);
DECLARE_DYNAMIC_DELEGATE_TwoParams(FOfferKitListingDone, const FOfferKitListing&, Listing, const FOfferKitError&, Error);
DECLARE_DYNAMIC_DELEGATE_TwoParams(FOfferKitJsonDone, const FString&, Json, const FOfferKitError&, Error);
DECLARE_DYNAMIC_MULTICAST_DELEGATE_OneParam(FOfferKitTokenNeeded, EOfferKitTokenReason, Reason);
