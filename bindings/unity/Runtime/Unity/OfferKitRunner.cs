// OfferKitRunner.cs: the hidden MonoBehaviour that makes offerkit feel native in Unity: it polls
// every client and the library's log once per frame in Update, so tasks complete, the
// TokenProvider starts and the log handler runs on the main thread, and it runs the package's
// clean-up (OfferKitLibrary.Shutdown) when the application quits. Created automatically before
// the first scene loads; nothing to add to a scene.
#if UNITY_5_3_OR_NEWER
using System;
using UnityEngine;

namespace OfferKit.Unity
{
    [AddComponentMenu("")]
    [DefaultExecutionOrder(-10000)]
    public sealed class OfferKitRunner : MonoBehaviour
    {
        private static OfferKitRunner _instance;

        [RuntimeInitializeOnLoadMethod(RuntimeInitializeLoadType.BeforeSceneLoad)]
        private static void Install()
        {
            if (_instance != null) return;
            // Before the first Update: a blocking wait on the main thread in a scene's Awake or
            // Start already ends with BlockingWaitException instead of freezing the game.
            Interop.PumpThread.Mark();
            // The lite library (Android, iOS) sends through the engine's own HTTP stack.
            OfferKitLibrary.DefaultHttpExecutor = () => new UnityWebRequestExecutor();
            var host = new GameObject("OfferKit") { hideFlags = HideFlags.HideInHierarchy | HideFlags.HideInInspector | HideFlags.NotEditable };
            DontDestroyOnLoad(host);
            _instance = host.AddComponent<OfferKitRunner>();
            Application.quitting -= OnQuitting;
            Application.quitting += OnQuitting;
        }

        private void Update()
        {
            // Never blocks: runs the callbacks queued since the last frame.
            OfferKitClient.PollAll();
        }

        private void OnDestroy()
        {
            if (_instance == this) _instance = null;
        }

        private static void OnQuitting()
        {
            try
            {
                OfferKitLibrary.Shutdown();
            }
            catch (Exception e)
            {
                Debug.LogError("offerkit: clean-up at quit failed: " + e);
            }
        }
    }
}
#endif
