// OfferKitEditorHooks.cs: keeps the Editor safe and responsive: polls clients used by editor
// tools outside play mode, disposes every client when play mode ends, and runs the package's
// clean-up (OfferKitLibrary.Shutdown: every client and pager disposed, the log handler removed,
// the native library stopped) before every domain reload, because the native library stays
// loaded across reloads and must hold nothing of the managed code that is unloaded.
#if UNITY_5_3_OR_NEWER && UNITY_EDITOR
using System;
using UnityEditor;
using UnityEngine;

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
            try
            {
                OfferKitLibrary.Shutdown();
            }
            catch (Exception e)
            {
                Debug.LogError("offerkit: clean-up before the domain reload failed: " + e);
            }
        }

        private static void OnPlayModeChanged(PlayModeStateChange change)
        {
            if (change == PlayModeStateChange.ExitingPlayMode) OfferKitClient.DisposeAll();
        }
    }
}
#endif
