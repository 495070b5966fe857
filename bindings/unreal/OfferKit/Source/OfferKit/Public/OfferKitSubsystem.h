// OfferKitSubsystem.h: offerkit for Unreal games: one client per game instance, every query
// asynchronous, every callback (OnDone, OnTokenNeeded, log lines) run on the game thread by the
// subsystem's own tick, which polls the client once per frame (offerkit's poll delivery: no
// offerkit thread ever runs game code). The logic lives in the engine-free OfferKitBridge.h;
// this class only converts to Unreal types. No query blocks the game thread; each one's OnDone
// runs at most FOfferKitSettings::DeadlineMs (default 30 s) after the call, plus one frame.
#pragma once

#include "CoreMinimal.h"
#include "Subsystems/GameInstanceSubsystem.h"
#include "Tickable.h"
#include "OfferKitTypes.h"

#include <memory>

#include "OfferKitSubsystem.generated.h"

namespace offerkit_unreal { class Bridge; }

UCLASS()
class OFFERKIT_API UOfferKitSubsystem : public UGameInstanceSubsystem, public FTickableGameObject
{
	GENERATED_BODY()

public:
	UOfferKitSubsystem();
	~UOfferKitSubsystem();

	/** Destroys the client: requests in flight are cancelled and their OnDone is not called. */
	virtual void Deinitialize() override;

	/** Once per frame, also while paused: runs the client's ready callbacks (and the queued log
	 *  lines) here, on the game thread. */
	virtual void Tick(float DeltaTime) override;
	virtual ETickableTickType GetTickableTickType() const override;
	virtual bool IsTickableWhenPaused() const override { return true; }
	virtual TStatId GetStatId() const override;

	/** Makes the client (replacing any previous one, whose requests complete as Cancelled, at
	 *  once, before this returns). */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	bool Configure(const FOfferKitSettings& Settings, FOfferKitError& Error);

	/** Sets or replaces the access token (empty: forget it): the answer to OnTokenNeeded. */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	FOfferKitError SetAccessToken(const FString& AccessToken);

	/** The other answer to OnTokenNeeded, when no token can be had (backend down, player signed out):
	 *  the waiting requests fail at once with kind unauthorized and a message carrying Reason. */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	FOfferKitError FailTokenRequest(const FString& Reason);

	/** Broadcast on the game thread when the client needs a token: fetch one from your backend, then
	 *  SetAccessToken (or FailTokenRequest). */
	UPROPERTY(BlueprintAssignable, Category = "OfferKit")
	FOfferKitTokenNeeded OnTokenNeeded;

	/** The player's offers. Returns a request id for CancelRequest (0 if nothing started: OnDone already has the error). */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	int64 FetchOffers(const FString& PlayerId, const FOfferKitOffersOptions& Options, FOfferKitOffersDone OnDone);

	/** The player's tracking links, as the JSON object (default selection: support_portal). */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	int64 FetchLinks(const FString& PlayerId, const FOfferKitLinksOptions& Options, FOfferKitJsonDone OnDone);

	/** One page of the offers the player engaged with. */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	int64 FetchPlayerOffers(const FString& PlayerId, const FOfferKitPlayerOffersOptions& Options, FOfferKitPlayerOffersDone OnDone);

	/** GET /v1/offers: without bHasPerPage everything at once, else page Page (bHasPage false: the first) of PerPage (1 to 100). */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	int64 ListOffers(const FOfferKitListOffersOptions& Options, FOfferKitListingDone OnDone);

	/** Raw GraphQL: the response's data as JSON text. */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	int64 RunGraphQL(const FString& Document, const FString& VariablesJson, FOfferKitJsonDone OnDone);

	/** Cancels a request: its OnDone then reports Kind Cancelled. */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	bool CancelRequest(int64 RequestId);

	/** "p-" + 32 hex digits of SHA-256 of the id: stable, valid, the same in every binding. */
	UFUNCTION(BlueprintPure, Category = "OfferKit")
	static FString ShortPlayerId(const FString& InternalId);

	/** The service's rule for player ids (1 to 255 characters). */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	static bool ValidatePlayerId(const FString& PlayerId, FOfferKitError& Error);

	/** The conventions the id breaks ("uppercase", "period", "space", "other_character"). */
	UFUNCTION(BlueprintPure, Category = "OfferKit")
	static TArray<FString> LintPlayerId(const FString& PlayerId);

	/**
	 * The tracking URL of an offer for PlayerId, from its links.click_url (select
	 * "links { click_url }"): player_id set to exactly PlayerId, every other byte kept. False
	 * (Error: InvalidArgument) for an empty or over-long id — a click without a player id lands
	 * on the service's 404 page — or a URL that is not absolute http(s). Warnings: the
	 * conventions the id breaks; the postback will carry exactly this id.
	 */
	UFUNCTION(BlueprintCallable, Category = "OfferKit")
	static bool ClickUrl(const FString& OfferClickUrl, const FString& PlayerId, FString& Url, TArray<FString>& Warnings, FOfferKitError& Error);

	/** True from the start of Deinitialize: completions arriving then are dropped. */
	bool IsDeinitializing() const { return bDeinitializing; }

private:
	std::unique_ptr<offerkit_unreal::Bridge> Bridge;
	/** Set by Deinitialize: the completions of the cancelled requests are not delivered. */
	bool bDeinitializing = false;
};
