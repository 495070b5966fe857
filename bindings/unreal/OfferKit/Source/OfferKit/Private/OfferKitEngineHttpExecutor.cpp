// OfferKitEngineHttpExecutor.cpp: one offerkit attempt as one IHttpRequest. ProcessRequest runs on
// the game thread (the Bridge's poll delivery calls execute inside Tick); the completion answers
// with the status, headers and body, or fails: not connected → network, the engine's timeout →
// timeout. A 4xx/5xx is a response (offerkit judges it). Cancel → CancelRequest. The contract:
// ffi/README.md, "Host HTTP executor".
#include "OfferKitEngineHttpExecutor.h"

#include <string>

#include "HttpModule.h"
#include "Interfaces/IHttpResponse.h"
#include "Runtime/Launch/Resources/Version.h"

namespace
{
FString Text(std::string_view Utf8)
{
	return FString(UTF8_TO_TCHAR(std::string(Utf8).c_str()));
}

std::string Utf8(const FString& Value)
{
	FTCHARToUTF8 Converted(*Value);
	return std::string(Converted.Get(), Converted.Length());
}
} // namespace

void FOfferKitEngineHttpExecutor::execute(offerkit_unreal::HttpRequest Request)
{
	// Shared with the completion delegate (which must be copyable); destroyed, and so freed, once
	// the delegate and this function let go of it.
	auto Owned = std::make_shared<offerkit_unreal::HttpRequest>(MoveTemp(Request));
	const uint64_t Id = Owned->id();

	FSharedRequest Http = FHttpModule::Get().CreateRequest();
	Http->SetURL(Text(Owned->url()));
	Http->SetVerb(Text(Owned->method()));
	for (const auto& Header : Owned->headers())
	{
		Http->SetHeader(Text(Header.first), Text(Header.second));
	}
	const auto Body = Owned->body();
	if (Body.first != nullptr)
	{
		TArray<uint8> Content;
		Content.Append(Body.first, static_cast<int32>(Body.second));
		Http->SetContent(MoveTemp(Content));
	}
	// The whole attempt, in seconds; offerkit stops waiting 500 ms after it on its own.
	Http->SetTimeout(static_cast<float>(Owned->timeout().count()) / 1000.f);
	// Redirects: IHttpRequest has no switch for them; see the plugin's README ("Your own HTTP stack").

	Http->OnProcessRequestComplete().BindLambda(
		[Running = Running, Owned, Id](FHttpRequestPtr Done, FHttpResponsePtr Response, bool bConnectedSuccessfully)
		{
			{
				std::lock_guard<std::mutex> Guard(Running->Lock);
				Running->ById.erase(Id);
			}
			if (Owned->is_cancelled())
			{
				return; // cancelled by offerkit: nobody waits for an answer
			}
			if (!bConnectedSuccessfully || !Response.IsValid())
			{
				bool bTimedOut = false;
#if ENGINE_MAJOR_VERSION > 5 || (ENGINE_MAJOR_VERSION == 5 && ENGINE_MINOR_VERSION >= 4)
				bTimedOut = Done.IsValid() && Done->GetFailureReason() == EHttpFailureReason::TimedOut;
#endif
				Owned->fail(bTimedOut ? offerkit_unreal::HttpFailure::Timeout : offerkit_unreal::HttpFailure::Network,
					bTimedOut ? "the engine's HTTP request timed out" : "the engine's HTTP request did not connect");
				return;
			}
			offerkit_unreal::HttpHeaders Headers;
			for (const FString& Line : Response->GetAllHeaders())
			{
				const std::string Header = Utf8(Line); // "Name: Value"
				const size_t Colon = Header.find(':');
				if (Colon == std::string::npos) continue;
				size_t Value = Colon + 1;
				while (Value < Header.size() && Header[Value] == ' ') Value++;
				Headers.emplace_back(Header.substr(0, Colon), Header.substr(Value));
			}
			const TArray<uint8>& Content = Response->GetContent();
			Owned->respond(static_cast<uint32_t>(Response->GetResponseCode()), Headers, Content.GetData(),
				static_cast<size_t>(Content.Num()));
		});

	{
		std::lock_guard<std::mutex> Guard(Running->Lock);
		Running->ById[Id] = Http;
	}
	if (!Http->ProcessRequest())
	{
		{
			std::lock_guard<std::mutex> Guard(Running->Lock);
			Running->ById.erase(Id);
		}
		Http->OnProcessRequestComplete().Unbind();
		Owned->fail(offerkit_unreal::HttpFailure::Network, "the engine's HTTP module refused the request");
	}
}

void FOfferKitEngineHttpExecutor::cancel(uint64_t Id)
{
	FSharedRequest Http;
	{
		std::lock_guard<std::mutex> Guard(Running->Lock);
		auto Found = Running->ById.find(Id);
		if (Found == Running->ById.end()) return;
		Http = Found->second;
	}
	Http->CancelRequest(); // its completion runs (not connected) and drops the request
}
