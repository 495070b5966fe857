// Paths.h (stand-in): see CoreMinimal.h.
#pragma once
#include "CoreMinimal.h"

struct FPaths {
    template <class... T> static FString Combine(const T &...) { return FString(""); }
    static bool FileExists(const FString &) { return false; }
};

#define DEFINE_LOG_CATEGORY_STATIC(Name, Verbosity, CompileTime) static int Name;
#define UE_LOG(Category, Verbosity, Format, ...) ((void)Category, (void)sizeof(Format))
