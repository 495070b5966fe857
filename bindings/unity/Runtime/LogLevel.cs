// LogLevel.cs: severities of offerkit's log messages (OfferKitLog), with the C ABI's numbers.
namespace OfferKit
{
    public enum LogLevel
    {
        Off = 0,
        Error = 1,
        Warn = 2,
        Info = 3,
        Debug = 4,
        Trace = 5,
    }
}
