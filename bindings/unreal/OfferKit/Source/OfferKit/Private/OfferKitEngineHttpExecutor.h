// OfferKitEngineHttpExecutor.h: the plugin's HttpExecutor on Unreal's HTTP module (FHttpModule /
// IHttpRequest), so offerkit's requests use the engine's stack — its TLS and certificate store,
// its platform backends (consoles, mobile), its proxy settings — instead of offerkit's built-in
// transport. Chosen with FOfferKitSettings::bUseEngineHttp.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "CoreMinimal.h"
#include "Interfaces/IHttpRequest.h"
#include "OfferKitHttpExecutor.h"

class FOfferKitEngineHttpExecutor : public offerkit_unreal::HttpExecutor
{
public:
	/** On the game thread (inside the subsystem's Tick): builds and starts the IHttpRequest. */
	void execute(offerkit_unreal::HttpRequest Request) override;

	/** On the game thread: CancelRequest on the transfer of request Id, if it still runs. */
	void cancel(uint64_t Id) override;

private:
	using FSharedRequest = TSharedPtr<IHttpRequest, ESPMode::ThreadSafe>;

	/** The transfers under way by offerkit request id; shared with their completion delegates,
	 * which may run after this executor is gone. */
	struct FRunning
	{
		std::mutex Lock;
		std::unordered_map<uint64_t, FSharedRequest> ById;
	};
	std::shared_ptr<FRunning> Running = std::make_shared<FRunning>();
};
