// PlatformProcess.h (stand-in): see CoreMinimal.h.
#pragma once
#include "CoreMinimal.h"

struct FPlatformProcess {
    static const TCHAR *GetModulesDirectory() { return ""; }
    static void *GetDllHandle(const TCHAR *) { return nullptr; }
    static void FreeDllHandle(void *) {}
};
