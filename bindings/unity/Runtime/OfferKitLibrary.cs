// OfferKitLibrary.cs: the package's clean-up as one call, for whatever ends the managed code
// that used offerkit: the Unity Editor hooks run it before every domain reload, the runner when
// the application quits, and a host outside Unity before it unloads an AppDomain or exits.
namespace OfferKit
{
    public static class OfferKitLibrary
    {
        /// <summary>
        /// Disposes every live client (completing their tasks) and removes the log handler, so
        /// that nothing of the native library calls into this managed code any more. Clients made
        /// afterwards work as before.
        /// </summary>
        public static void Shutdown()
        {
            OfferKitClient.DisposeAll();
            OfferKitLog.SetHandler(null);
        }
    }
}
