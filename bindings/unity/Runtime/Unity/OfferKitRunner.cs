// OfferKitRunner.cs: the hidden MonoBehaviour that makes offerkit feel native in Unity: it polls
// every MainThreadPoll client once per frame in Update, so tasks complete on the main thread,
// and disposes every client when the application quits, so no native callback outlives the
// managed code. Created automatically before the first scene loads; nothing to add to a scene.
#if UNITY_5_3_OR_NEWER
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
            var host = new GameObject("OfferKit") { hideFlags = HideFlags.HideInHierarchy | HideFlags.HideInInspector | HideFlags.NotEditable };
            DontDestroyOnLoad(host);
            _instance = host.AddComponent<OfferKitRunner>();
            Application.quitting -= OnQuitting;
            Application.quitting += OnQuitting;
        }

        private void Update()
        {
            // Never blocks: runs the completions queued since the last frame.
            OfferKitClient.PollAll();
        }

        private void OnDestroy()
        {
            if (_instance == this) _instance = null;
        }

        private static void OnQuitting()
        {
            OfferKitLibrary.Shutdown();
        }
    }
}
#endif
