// ModuleManager.h (stand-in): see CoreMinimal.h.
#pragma once
#include "CoreMinimal.h"

class IModuleInterface {
public:
    virtual ~IModuleInterface() = default;
    virtual void StartupModule() {}
    virtual void ShutdownModule() {}
};

#define IMPLEMENT_MODULE(Class, Name) static Class Name##_instance;
