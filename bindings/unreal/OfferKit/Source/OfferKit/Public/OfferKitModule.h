// OfferKitModule.h: the plugin's module. On Windows it loads offerkit.dll (delay-loaded) from
// where RuntimeDependencies put it; elsewhere the library is linked statically.
#pragma once

#include "Modules/ModuleManager.h"

class FOfferKitModule : public IModuleInterface
{
public:
	virtual void StartupModule() override;
	virtual void ShutdownModule() override;

private:
	void* LibraryHandle = nullptr;
};
