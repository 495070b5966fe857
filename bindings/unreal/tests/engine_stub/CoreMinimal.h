// CoreMinimal.h (stand-in): just enough of Unreal's core types and reflection macros, with the
// engine's names and call shapes, for g++ -fsyntax-only over the plugin's engine-facing sources
// (bindings/unreal/tests). It proves the plugin's own code is consistent, not that it builds in Unreal.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using TCHAR = char;
using int32 = int32_t;
using int64 = int64_t;
using uint8 = uint8_t;
#define MAX_int32 ((int32)0x7fffffff)
#define TEXT(x) x
#define UTF8_TO_TCHAR(x) (x)
#ifndef PLATFORM_WINDOWS
#define PLATFORM_WINDOWS 0
#endif
#define OFFERKIT_API
#define UENUM(...)
#define UMETA(...)
#define USTRUCT(...)
#define UCLASS(...)
#define UPROPERTY(...)
#define UFUNCTION(...)
#define GENERATED_BODY()

template <class T> T &&MoveTemp(T &value) { return static_cast<T &&>(value); }

class FString {
public:
    FString() = default;
    FString(const TCHAR *text) : text_(text ? text : "") {}
    bool IsEmpty() const { return text_.empty(); }
    const TCHAR *operator*() const { return text_.c_str(); }

private:
    std::string text_;
};

class FTCHARToUTF8 {
public:
    explicit FTCHARToUTF8(const TCHAR *text) : text_(text) {}
    const char *Get() const { return text_; }
    int32 Length() const { return static_cast<int32>(std::strlen(text_)); }

private:
    const char *text_;
};

template <class T> class TArray {
public:
    void Add(const T &value) { items_.push_back(value); }
    void Append(const T *values, int32 count) { items_.insert(items_.end(), values, values + count); }
    const T *GetData() const { return items_.data(); }
    int32 Num() const { return static_cast<int32>(items_.size()); }
    T &AddDefaulted_GetRef() {
        items_.emplace_back();
        return items_.back();
    }
    typename std::vector<T>::const_iterator begin() const { return items_.begin(); }
    typename std::vector<T>::const_iterator end() const { return items_.end(); }

private:
    std::vector<T> items_;
};

enum class ESPMode { NotThreadSafe, ThreadSafe };

template <class T, ESPMode Mode = ESPMode::ThreadSafe> class TSharedPtr {
public:
    TSharedPtr() = default;
    explicit TSharedPtr(std::shared_ptr<T> object) : object_(std::move(object)) {}
    T *operator->() const { return object_.get(); }
    T &operator*() const { return *object_; }
    bool IsValid() const { return object_ != nullptr; }

private:
    std::shared_ptr<T> object_;
};

template <class T, ESPMode Mode = ESPMode::ThreadSafe> class TSharedRef {
public:
    explicit TSharedRef(std::shared_ptr<T> object) : object_(std::move(object)) {}
    T *operator->() const { return object_.get(); }
    operator TSharedPtr<T, Mode>() const { return TSharedPtr<T, Mode>(object_); }

private:
    std::shared_ptr<T> object_;
};

template <class T> class TWeakObjectPtr {
public:
    TWeakObjectPtr() = default;
    TWeakObjectPtr(T *object) : object_(object) {}
    T *Get() const { return object_; }
    bool IsValid() const { return object_ != nullptr; }

private:
    T *object_ = nullptr;
};

class UObject {
public:
    virtual ~UObject() = default;
    bool IsTemplate() const { return false; }
};

#define DECLARE_DYNAMIC_DELEGATE_TwoParams(Name, T1, N1, T2, N2)                                   \
    struct Name {                                                                                  \
        std::function<void(T1, T2)> Function;                                                      \
        bool ExecuteIfBound(T1 a, T2 b) const {                                                    \
            if (!Function) return false;                                                           \
            Function(a, b);                                                                        \
            return true;                                                                           \
        }                                                                                          \
    };
#define DECLARE_DYNAMIC_DELEGATE_ThreeParams(Name, T1, N1, T2, N2, T3, N3)                         \
    struct Name {                                                                                  \
        std::function<void(T1, T2, T3)> Function;                                                  \
        bool ExecuteIfBound(T1 a, T2 b, T3 c) const {                                              \
            if (!Function) return false;                                                           \
            Function(a, b, c);                                                                     \
            return true;                                                                           \
        }                                                                                          \
    };
#define DECLARE_DYNAMIC_MULTICAST_DELEGATE_OneParam(Name, T1, N1)                                  \
    struct Name {                                                                                  \
        std::vector<std::function<void(T1)>> Functions;                                            \
        void Broadcast(T1 a) const {                                                               \
            for (const auto &f : Functions) f(a);                                                  \
        }                                                                                          \
    };
