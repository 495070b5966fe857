// UnityEditor.cs: minimal stand-ins for the UnityEditor types the package's editor hooks use,
// with the editor's signatures, for a compile-time check without Unity.
#pragma warning disable 67
using System;

namespace UnityEditor
{
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class InitializeOnLoadMethodAttribute : Attribute { }

    public enum PlayModeStateChange { EnteredEditMode, ExitingEditMode, EnteredPlayMode, ExitingPlayMode }

    public static class EditorApplication
    {
        public delegate void CallbackFunction();
        public static CallbackFunction update;
        public static bool isPlaying { get { return false; } }
        public static event Action<PlayModeStateChange> playModeStateChanged;
    }

    public static class AssemblyReloadEvents
    {
        public delegate void AssemblyReloadCallback();
        public static event AssemblyReloadCallback beforeAssemblyReload;
    }
}
