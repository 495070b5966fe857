// Version.h (stand-in): the engine version the stand-in headers describe (Unreal Engine 5.4).
#pragma once
#define ENGINE_MAJOR_VERSION 5
#define ENGINE_MINOR_VERSION 4
