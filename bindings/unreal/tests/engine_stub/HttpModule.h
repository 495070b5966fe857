// HttpModule.h (stand-in): Unreal's FHttpModule as the plugin's engine HTTP executor uses it
// (Get, CreateRequest). Compile-time only: nothing here sends anything.
#pragma once

#include "CoreMinimal.h"
#include "Interfaces/IHttpRequest.h"

class FHttpModule {
public:
    static FHttpModule &Get();
    TSharedRef<IHttpRequest, ESPMode::ThreadSafe> CreateRequest();
};
