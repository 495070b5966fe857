// OfferKitModule.h: the plugin's module. On Windows it loads offerkit.dll (delay-loaded) from
// where RuntimeDependencies put it; elsewhere the library is linked statically. It forwards
// offerkit's log lines to LogOfferKit (on the game thread) and stops the library
// (offerkit_shutdown) when it shuts down, after every client is gone.
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
