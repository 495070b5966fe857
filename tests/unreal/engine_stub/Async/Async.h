// Async.h (stand-in): see CoreMinimal.h.
#pragma once
#include "CoreMinimal.h"

namespace ENamedThreads { enum Type { GameThread }; }

template <class F> void AsyncTask(ENamedThreads::Type, F &&task) { task(); }
