// MonoPInvokeCallbackAttribute.cs: outside Unity (plain Mono, .NET), the attribute IL2CPP needs on
// native callbacks does not exist; this stand-in lets the same sources compile there. In Unity the
// engine's AOT.MonoPInvokeCallbackAttribute is used.
#if !UNITY_5_3_OR_NEWER
using System;

namespace AOT
{
    [AttributeUsage(AttributeTargets.Method)]
    internal sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type)
        {
            Type = type;
        }

        public Type Type { get; private set; }
    }
}
#endif
