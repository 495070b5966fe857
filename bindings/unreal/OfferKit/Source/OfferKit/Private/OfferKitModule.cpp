// OfferKitModule.cpp: loads the native library where needed and checks its version.
#include "OfferKitModule.h"

#include "HAL/PlatformProcess.h"
#include "Interfaces/IPluginManager.h"
#include "Misc/Paths.h"
#include "offerkit.h"

DEFINE_LOG_CATEGORY_STATIC(LogOfferKit, Log, All);

void FOfferKitModule::StartupModule()
{
#if PLATFORM_WINDOWS
	// offerkit.dll is delay-loaded: load it before the first call, from the binaries folder
	// (packaged game) or the plugin's (editor).
	const TCHAR* Name = TEXT("offerkit.dll");
	FString Candidates[] = {
		FPaths::Combine(FPlatformProcess::GetModulesDirectory(), Name),
		FPaths::Combine(IPluginManager::Get().FindPlugin(TEXT("OfferKit"))->GetBaseDir(), TEXT("Binaries/Win64"), Name),
	};
	for (const FString& Path : Candidates)
	{
		if (FPaths::FileExists(Path) && (LibraryHandle = FPlatformProcess::GetDllHandle(*Path)) != nullptr)
		{
			break;
		}
	}
	if (LibraryHandle == nullptr)
	{
		UE_LOG(LogOfferKit, Error, TEXT("offerkit.dll was not found: see the OfferKit plugin's README"));
		return;
	}
#endif
	UE_LOG(LogOfferKit, Log, TEXT("offerkit %s (header %d.%d)"), UTF8_TO_TCHAR(offerkit_version()),
		OFFERKIT_VERSION_MAJOR, OFFERKIT_VERSION_MINOR);
}

void FOfferKitModule::ShutdownModule()
{
	// Subsystems (and so every client) are gone by now. The library itself is left loaded: its
	// worker thread lives for the process.
}

IMPLEMENT_MODULE(FOfferKitModule, OfferKit)
