// IHttpResponse.h (stand-in): the part of Unreal's IHttpResponse the plugin's engine HTTP
// executor uses, with the engine's names and call shapes (UE 5.4). Compile-time only.
#pragma once

#include "CoreMinimal.h"

class IHttpResponse {
public:
    virtual ~IHttpResponse() = default;
    virtual int32 GetResponseCode() const = 0;
    virtual TArray<FString> GetAllHeaders() const = 0;
    virtual const TArray<uint8> &GetContent() const = 0;
};

using FHttpResponsePtr = TSharedPtr<IHttpResponse, ESPMode::ThreadSafe>;
