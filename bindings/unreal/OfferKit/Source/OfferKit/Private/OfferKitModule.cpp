// OfferKitModule.cpp: loads the native library where needed, logs its version, routes its log
// lines to LogOfferKit on the game thread, and stops it when the module shuts down.
#include "OfferKitModule.h"

#include "HAL/PlatformProcess.h"
#include "Interfaces/IPluginManager.h"
#include "Misc/Paths.h"
#include "OfferKitBridge.h"
#include "offerkit.h"

DEFINE_LOG_CATEGORY_STATIC(LogOfferKit, Log, All);

namespace
{
/** One offerkit log line into the engine's log. Runs on the game thread: the lines are queued
 *  by offerkit and run by the subsystems' Tick (poll delivery). */
void ToEngineLog(offerkit::LogLevel Level, std::string_view Message)
{
	const std::string Line(Message);
	switch (Level)
	{
	case offerkit::LogLevel::Error: UE_LOG(LogOfferKit, Error, TEXT("%s"), UTF8_TO_TCHAR(Line.c_str())); break;
	case offerkit::LogLevel::Warn: UE_LOG(LogOfferKit, Warning, TEXT("%s"), UTF8_TO_TCHAR(Line.c_str())); break;
	case offerkit::LogLevel::Info: UE_LOG(LogOfferKit, Log, TEXT("%s"), UTF8_TO_TCHAR(Line.c_str())); break;
	case offerkit::LogLevel::Debug: UE_LOG(LogOfferKit, Verbose, TEXT("%s"), UTF8_TO_TCHAR(Line.c_str())); break;
	case offerkit::LogLevel::Trace: UE_LOG(LogOfferKit, VeryVerbose, TEXT("%s"), UTF8_TO_TCHAR(Line.c_str())); break;
	case offerkit::LogLevel::Off: break;
	}
}
} // namespace

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
	const offerkit_unreal::Outcome Logging = offerkit_unreal::set_log_handler(&ToEngineLog, offerkit::LogLevel::Info);
	if (!Logging.ok)
	{
		UE_LOG(LogOfferKit, Warning, TEXT("offerkit's log lines are not forwarded: %s"), UTF8_TO_TCHAR(Logging.message.c_str()));
	}
}

void FOfferKitModule::ShutdownModule()
{
	// Every game instance, and with it every subsystem and client, is gone by now. Stop the
	// library here, not at process exit: offerkit_shutdown joins its I/O and DNS threads, frees
	// its globals and removes the log handler above. Without it, the library's threads would
	// outlive this module — on Windows they would run code of a DLL about to be unloaded, and
	// the log handler would point into an unloaded module; in the editor, a module reload would
	// leave them behind. It refuses (Busy) while a client is still alive: then nothing is
	// stopped, and the library stays loaded for the clients that still use it.
	const offerkit_unreal::Outcome Stopped = offerkit_unreal::shutdown_library();
	if (!Stopped.ok)
	{
		UE_LOG(LogOfferKit, Error, TEXT("offerkit was not stopped: %s"), UTF8_TO_TCHAR(Stopped.message.c_str()));
		return;
	}
#if PLATFORM_WINDOWS
	if (LibraryHandle != nullptr)
	{
		FPlatformProcess::FreeDllHandle(LibraryHandle);
		LibraryHandle = nullptr;
	}
#endif
}

IMPLEMENT_MODULE(FOfferKitModule, OfferKit)
