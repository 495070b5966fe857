// Tickable.h (stand-in): see CoreMinimal.h. FTickableGameObject with the engine's names and
// call shapes; nothing ticks here.
#pragma once
#include "CoreMinimal.h"

struct TStatId {};

enum class ETickableTickType : uint8 { Conditional, Always, Never };

class FTickableGameObject {
public:
    virtual ~FTickableGameObject() = default;
    virtual void Tick(float DeltaTime) = 0;
    virtual ETickableTickType GetTickableTickType() const { return ETickableTickType::Conditional; }
    virtual bool IsTickable() const { return true; }
    virtual bool IsTickableWhenPaused() const { return false; }
    virtual bool IsTickableInEditor() const { return false; }
    virtual TStatId GetStatId() const = 0;
};

#define RETURN_QUICK_DECLARE_CYCLE_STAT(Name, Group) return TStatId()
