// OfferKitEditorHooks.cs: keeps the Editor safe and responsive: polls clients used by editor
// tools outside play mode, and disposes every client (and removes the log handler) when play
// mode ends and before every domain reload, because the native library stays loaded across
// reloads and must never call into managed code that was unloaded.
#if UNITY_5_3_OR_NEWER && UNITY_EDITOR
using UnityEditor;

namespace OfferKit.Unity
{
    internal static class OfferKitEditorHooks
    {
        [InitializeOnLoadMethod]
        private static void Hook()
        {
            EditorApplication.update -= PollOutsidePlayMode;
            EditorApplication.update += PollOutsidePlayMode;
            AssemblyReloadEvents.beforeAssemblyReload -= BeforeReload;
            AssemblyReloadEvents.beforeAssemblyReload += BeforeReload;
            EditorApplication.playModeStateChanged -= OnPlayModeChanged;
            EditorApplication.playModeStateChanged += OnPlayModeChanged;
        }

        private static void PollOutsidePlayMode()
        {
            if (!EditorApplication.isPlaying) OfferKitClient.PollAll();
        }

        private static void BeforeReload()
        {
            OfferKitLibrary.Shutdown();
        }

        private static void OnPlayModeChanged(PlayModeStateChange change)
        {
            if (change == PlayModeStateChange.ExitingPlayMode) OfferKitClient.DisposeAll();
        }
    }
}
#endif
