// GameInstanceSubsystem.h (stand-in): see CoreMinimal.h.
#pragma once
#include "CoreMinimal.h"

class FSubsystemCollectionBase {};

class UGameInstanceSubsystem : public UObject {
public:
    virtual void Initialize(FSubsystemCollectionBase &) {}
    virtual void Deinitialize() {}
};

#define Super UGameInstanceSubsystem
