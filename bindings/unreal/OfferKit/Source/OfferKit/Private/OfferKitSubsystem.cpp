// OfferKitSubsystem.cpp: Unreal types in and out of the engine-free Bridge. The subsystem ticks
// on the game thread and polls the Bridge there, so every completion and token request runs on
// the game thread, inside Tick; the completions of requests cancelled by Deinitialize are
// dropped (the game has let go of the subsystem).
#include "OfferKitSubsystem.h"

#include "OfferKitBridge.h"
#include "OfferKitEngineHttpExecutor.h"
#include "offerkit_click.hpp"

namespace
{
std::string Utf8(const FString& Text)
{
	FTCHARToUTF8 Converted(*Text);
	return std::string(Converted.Get(), Converted.Length());
}

FString FromUtf8(const std::string& Text)
{
	return FString(UTF8_TO_TCHAR(Text.c_str()));
}

FOfferKitError ToUnreal(const offerkit_unreal::Outcome& Outcome)
{
	FOfferKitError Error;
	Error.bOk = Outcome.ok;
	Error.Kind = static_cast<EOfferKitErrorKind>(Outcome.kind);
	Error.KindName = FromUtf8(Outcome.kind_name);
	Error.Message = FromUtf8(Outcome.message);
	Error.HttpStatus = Outcome.http_status;
	Error.Reason = FromUtf8(Outcome.reason);
	Error.RetryAfterSeconds = Outcome.retry_after_ms >= 0 ? Outcome.retry_after_ms / 1000.f : -1.f;
	Error.ResponseJson = FromUtf8(Outcome.response_json);
	for (const offerkit_unreal::FieldError& Field : Outcome.fields)
	{
		FOfferKitFieldError& Out = Error.Fields.AddDefaulted_GetRef();
		Out.Path = FromUtf8(Field.path);
		for (const offerkit_unreal::FieldArgument& Argument : Field.arguments)
		{
			FOfferKitFieldArgument& A = Out.Arguments.AddDefaulted_GetRef();
			A.Name = FromUtf8(Argument.name);
			for (const std::string& Message : Argument.messages) A.Messages.Add(FromUtf8(Message));
		}
	}
	return Error;
}

/** An optional text as the value and its bHas... flag (absent: empty and false). */
void Set(FString& Value, bool& bHas, const std::optional<std::string>& Text)
{
	bHas = Text.has_value();
	Value = bHas ? FromUtf8(*Text) : FString();
}

FOfferKitOffer ToUnreal(const offerkit_unreal::Offer& Offer)
{
	FOfferKitOffer O;
	Set(O.Id, O.bHasId, Offer.id);
	Set(O.Name, O.bHasName, Offer.name);
	O.bHasTotalPayoutUsd = Offer.total_payout_usd.has_value();
	O.TotalPayoutUsd = Offer.total_payout_usd.value_or(0.0);
	Set(O.CreativeName, O.bHasCreativeName, Offer.creative_name);
	Set(O.CreativeDescription, O.bHasCreativeDescription, Offer.creative_description);
	O.Json = FromUtf8(Offer.json);
	return O;
}

TArray<FOfferKitSkippedItem> ToUnreal(const std::vector<offerkit_unreal::SkippedItem>& Skipped)
{
	TArray<FOfferKitSkippedItem> Out;
	for (const offerkit_unreal::SkippedItem& Item : Skipped)
	{
		FOfferKitSkippedItem& S = Out.AddDefaulted_GetRef();
		S.Index = Item.index > static_cast<size_t>(MAX_int32) ? MAX_int32 : static_cast<int32>(Item.index);
		Set(S.Id, S.bHasId, Item.id);
		S.Reason = FromUtf8(Item.reason);
	}
	return Out;
}

FOfferKitError NotConfigured()
{
	FOfferKitError Error;
	Error.bOk = false;
	Error.Kind = EOfferKitErrorKind::InvalidArgument;
	Error.KindName = TEXT("invalid_argument");
	Error.Message = TEXT("OfferKit: call Configure first");
	return Error;
}

/** Tells OnDone that Configure has made no client, after the empty results it takes before the
 *  error; 0: no request started. */
template <typename TDone, typename... TEmpty>
int64 NotStarted(const TDone& OnDone, const TEmpty&... Empty)
{
	OnDone.ExecuteIfBound(Empty..., NotConfigured());
	return 0;
}

/** A Bridge completion that runs Function only while the subsystem is in use: Deinitialize
 *  destroys the Bridge, which runs the completions of the cancelled requests at once. */
template <typename TFunction>
auto WhileAlive(UOfferKitSubsystem* Subsystem, TFunction Function)
{
	TWeakObjectPtr<UOfferKitSubsystem> WeakThis(Subsystem);
	return [WeakThis, Function](auto Result, offerkit_unreal::Outcome Outcome)
	{
		UOfferKitSubsystem* Self = WeakThis.Get();
		if (Self && !Self->IsDeinitializing()) Function(MoveTemp(Result), MoveTemp(Outcome));
	};
}

/** The completion of a query answered with JSON text (links, raw GraphQL). */
std::function<void(std::string, offerkit_unreal::Outcome)> JsonDone(UOfferKitSubsystem* Subsystem, FOfferKitJsonDone OnDone)
{
	return WhileAlive(Subsystem, [OnDone](std::string Json, offerkit_unreal::Outcome Outcome)
	{
		OnDone.ExecuteIfBound(FromUtf8(Json), ToUnreal(Outcome));
	});
}

std::optional<std::string> Optional(const FString& Text)
{
	return Text.IsEmpty() ? std::nullopt : std::optional<std::string>(Utf8(Text));
}

/** Limit, Language, Select and Selection, which the offers and playerOffers options share
 *  (bHasLimit false or empty text: not sent; a Limit that is set is sent as it is). */
template <typename TOptions, typename FOptions>
TOptions QueryOptions(const FOptions& Options)
{
	TOptions O;
	if (Options.bHasLimit) O.limit = Options.Limit;
	O.language = Optional(Options.Language);
	O.select = Optional(Options.Select);
	O.selection = Optional(Options.Selection);
	return O;
}
} // namespace

UOfferKitSubsystem::UOfferKitSubsystem() = default;
UOfferKitSubsystem::~UOfferKitSubsystem() = default;

void UOfferKitSubsystem::Deinitialize()
{
	bDeinitializing = true;
	Bridge.reset(); // cancels what is in flight; its completions run now and are dropped
	Super::Deinitialize();
}

void UOfferKitSubsystem::Tick(float DeltaTime)
{
	(void)DeltaTime;
	if (Bridge)
	{
		Bridge->poll(); // completions, token requests and log lines (a callback may replace Bridge)
	}
	else
	{
		offerkit_unreal::poll_logs();
	}
}

ETickableTickType UOfferKitSubsystem::GetTickableTickType() const
{
	// The class default object never ticks; every real subsystem does, each frame.
	return IsTemplate() ? ETickableTickType::Never : ETickableTickType::Always;
}

TStatId UOfferKitSubsystem::GetStatId() const
{
	RETURN_QUICK_DECLARE_CYCLE_STAT(UOfferKitSubsystem, STATGROUP_Tickables);
}

bool UOfferKitSubsystem::Configure(const FOfferKitSettings& Settings, FOfferKitError& Error)
{
	Bridge.reset();
	offerkit_unreal::Settings S;
	S.base_url = Utf8(Settings.BaseUrl);
	S.access_token = Utf8(Settings.AccessToken);
	// The documented defaults (0, or -1 for MaxRetries) are not sent; any other number is, and
	// the library checks it.
	if (Settings.TimeoutMs != 0) S.timeout_ms = Settings.TimeoutMs;
	if (Settings.MaxRetries != -1) S.max_retries = Settings.MaxRetries;
	if (Settings.DeadlineMs != 0) S.deadline_ms = Settings.DeadlineMs;
	if (Settings.MaxPages != 0) S.max_pages = Settings.MaxPages;
	S.proxy = Utf8(Settings.ProxyUrl);
	// The lite library (what the plugin ships for Android and iOS) has no transport of its own.
	if (Settings.bUseEngineHttp || !offerkit_has_builtin_http())
	{
		// Its execute and cancel run inside Tick on the game thread, where ProcessRequest belongs.
		S.http_executor = std::make_shared<FOfferKitEngineHttpExecutor>();
	}
	TWeakObjectPtr<UOfferKitSubsystem> WeakThis(this);
	S.token_needed = [WeakThis](offerkit::TokenReason Reason)
	{
		// On the game thread, inside Tick.
		if (UOfferKitSubsystem* Self = WeakThis.Get())
		{
			Self->OnTokenNeeded.Broadcast(static_cast<EOfferKitTokenReason>(Reason));
		}
	};
	offerkit_unreal::Outcome Outcome;
	Bridge = offerkit_unreal::Bridge::create(S, Outcome);
	Error = ToUnreal(Outcome);
	return Bridge != nullptr;
}

FOfferKitError UOfferKitSubsystem::SetAccessToken(const FString& AccessToken)
{
	return Bridge ? ToUnreal(Bridge->set_access_token(Utf8(AccessToken))) : NotConfigured();
}

FOfferKitError UOfferKitSubsystem::FailTokenRequest(const FString& Reason)
{
	return Bridge ? ToUnreal(Bridge->fail_token_request(Utf8(Reason))) : NotConfigured();
}

int64 UOfferKitSubsystem::FetchOffers(const FString& PlayerId, const FOfferKitOffersOptions& Options, FOfferKitOffersDone OnDone)
{
	if (!Bridge) return NotStarted(OnDone, TArray<FOfferKitOffer>(), TArray<FOfferKitSkippedItem>());
	offerkit::OffersOptions O = QueryOptions<offerkit::OffersOptions>(Options);
	O.sort = Optional(Options.Sort);
	return Bridge->offers(Utf8(PlayerId), O, WhileAlive(this, [OnDone](offerkit_unreal::OfferList List, offerkit_unreal::Outcome Outcome)
	{
		TArray<FOfferKitOffer> Out;
		for (const offerkit_unreal::Offer& Offer : List.offers) Out.Add(ToUnreal(Offer));
		OnDone.ExecuteIfBound(Out, ToUnreal(List.skipped), ToUnreal(Outcome));
	}));
}

int64 UOfferKitSubsystem::FetchLinks(const FString& PlayerId, const FOfferKitLinksOptions& Options, FOfferKitJsonDone OnDone)
{
	if (!Bridge) return NotStarted(OnDone, FString());
	offerkit::LinksOptions O;
	O.select = Optional(Options.Select);
	O.selection = Optional(Options.Selection);
	return Bridge->links(Utf8(PlayerId), O, JsonDone(this, OnDone));
}

int64 UOfferKitSubsystem::FetchPlayerOffers(const FString& PlayerId, const FOfferKitPlayerOffersOptions& Options, FOfferKitPlayerOffersDone OnDone)
{
	if (!Bridge) return NotStarted(OnDone, FOfferKitPlayerOffersPage());
	offerkit::PlayerOffersOptions O = QueryOptions<offerkit::PlayerOffersOptions>(Options);
	O.after = Optional(Options.After);
	return Bridge->player_offers(Utf8(PlayerId), O, WhileAlive(this, [OnDone](offerkit_unreal::PlayerOffersPage Page, offerkit_unreal::Outcome Outcome)
	{
		FOfferKitPlayerOffersPage Out;
		for (const offerkit_unreal::PlayerOffer& Item : Page.items)
		{
			FOfferKitPlayerOffer& I = Out.Items.AddDefaulted_GetRef();
			Set(I.Id, I.bHasId, Item.id);
			Set(I.Name, I.bHasName, Item.name);
			Set(I.Status, I.bHasStatus, Item.status);
			I.Json = FromUtf8(Item.json);
		}
		Out.NextCursor = FromUtf8(Page.next_cursor);
		Out.Skipped = ToUnreal(Page.skipped);
		OnDone.ExecuteIfBound(Out, ToUnreal(Outcome));
	}));
}

int64 UOfferKitSubsystem::ListOffers(const FOfferKitListOffersOptions& Options, FOfferKitListingDone OnDone)
{
	if (!Bridge) return NotStarted(OnDone, FOfferKitListing());
	offerkit::ListOffersOptions O;
	if (Options.bHasPerPage) O.per_page = Options.PerPage;
	if (Options.bHasPage) O.page = Options.Page;
	return Bridge->list_offers(O, WhileAlive(this, [OnDone](offerkit_unreal::Listing Listing, offerkit_unreal::Outcome Outcome)
	{
		FOfferKitListing Out;
		for (const offerkit_unreal::Offer& Offer : Listing.offers) Out.Offers.Add(ToUnreal(Offer));
		Out.Skipped = ToUnreal(Listing.skipped);
		Out.bPaginated = Listing.paginated;
		Out.CurrentPage = Listing.current_page;
		Out.PerPage = Listing.per_page;
		Out.bHasMorePages = Listing.has_more_pages;
		Out.NextPage = Listing.next_page;
		OnDone.ExecuteIfBound(Out, ToUnreal(Outcome));
	}));
}

int64 UOfferKitSubsystem::RunGraphQL(const FString& Document, const FString& VariablesJson, FOfferKitJsonDone OnDone)
{
	if (!Bridge) return NotStarted(OnDone, FString());
	return Bridge->graphql(Utf8(Document), Optional(VariablesJson), JsonDone(this, OnDone));
}

bool UOfferKitSubsystem::CancelRequest(int64 RequestId)
{
	return Bridge && Bridge->cancel(RequestId);
}

FString UOfferKitSubsystem::ShortPlayerId(const FString& InternalId)
{
	offerkit::Result<std::string> Id = offerkit::short_player_id(Utf8(InternalId));
	return Id.ok() ? FromUtf8(Id.value()) : FString();
}

bool UOfferKitSubsystem::ValidatePlayerId(const FString& PlayerId, FOfferKitError& Error)
{
	offerkit::Result<void> Valid = offerkit::validate_player_id(Utf8(PlayerId));
	Error = Valid.ok() ? FOfferKitError() : ToUnreal(offerkit_unreal::Outcome::from(Valid.error()));
	return Valid.ok();
}

TArray<FString> UOfferKitSubsystem::LintPlayerId(const FString& PlayerId)
{
	TArray<FString> Names;
	offerkit::Result<std::vector<std::string>> Broken = offerkit::lint_player_id(Utf8(PlayerId));
	if (Broken.ok())
	{
		for (const std::string& Name : Broken.value()) Names.Add(FromUtf8(Name));
	}
	return Names;
}

bool UOfferKitSubsystem::ClickUrl(const FString& OfferClickUrl, const FString& PlayerId, FString& Url, TArray<FString>& Warnings, FOfferKitError& Error)
{
	offerkit::Result<offerkit::ClickUrl> Built = offerkit::click_url(Utf8(OfferClickUrl), Utf8(PlayerId));
	Warnings = TArray<FString>();
	if (!Built.ok())
	{
		Url = FString();
		Error = ToUnreal(offerkit_unreal::Outcome::from(Built.error()));
		return false;
	}
	Url = FromUtf8(Built.value().url);
	for (const std::string& Name : Built.value().warnings) Warnings.Add(FromUtf8(Name));
	Error = FOfferKitError();
	return true;
}
