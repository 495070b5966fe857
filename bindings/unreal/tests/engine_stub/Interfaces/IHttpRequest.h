// IHttpRequest.h (stand-in): the part of Unreal's IHttpRequest the plugin's engine HTTP executor
// uses, with the engine's names and call shapes (UE 5.4: SetTimeout, GetFailureReason; the
// completion delegate bound with BindLambda). Compile-time only.
#pragma once

#include <functional>

#include "CoreMinimal.h"
#include "Interfaces/IHttpResponse.h"

enum class EHttpFailureReason : uint8 { None, ConnectionError, Cancelled, TimedOut, Other };

class IHttpRequest;
using FHttpRequestPtr = TSharedPtr<IHttpRequest, ESPMode::ThreadSafe>;

class FHttpRequestCompleteDelegate {
public:
    template <class F> void BindLambda(F function) { function_ = std::move(function); }
    void Unbind() { function_ = nullptr; }

private:
    std::function<void(FHttpRequestPtr, FHttpResponsePtr, bool)> function_;
};

class IHttpRequest {
public:
    virtual ~IHttpRequest() = default;
    virtual void SetURL(const FString &url) = 0;
    virtual void SetVerb(const FString &verb) = 0;
    virtual void SetHeader(const FString &name, const FString &value) = 0;
    virtual void SetContent(TArray<uint8> &&content) = 0;
    virtual void SetTimeout(float seconds) = 0;
    virtual bool ProcessRequest() = 0;
    virtual void CancelRequest() = 0;
    virtual EHttpFailureReason GetFailureReason() const = 0;
    virtual FHttpRequestCompleteDelegate &OnProcessRequestComplete() = 0;
};
