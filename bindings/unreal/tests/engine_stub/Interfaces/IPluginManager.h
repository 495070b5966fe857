// IPluginManager.h (stand-in): see CoreMinimal.h.
#pragma once
#include <memory>
#include "CoreMinimal.h"

class IPlugin {
public:
    FString GetBaseDir() const { return FString(""); }
};

class IPluginManager {
public:
    static IPluginManager &Get() {
        static IPluginManager manager;
        return manager;
    }
    std::shared_ptr<IPlugin> FindPlugin(const TCHAR *) { return std::make_shared<IPlugin>(); }
};
