// UnloadDomain.cs: what the Unity Editor does on every script reload. Game code runs in an
// AppDomain of its own, uses a TokenProvider, a log handler and every delivery mode, then the
// package's Editor clean-up (OfferKitLibrary.Shutdown, which the Editor hooks run before every
// reload) runs, and the domain is unloaded. AppDomain.Unload must return: it runs on a watchdog
// thread, and the program fails if it has not returned after 20 s. Prints how long it took.
//
//   UnloadDomain.exe BASE_URL ACCESS_TOKEN
using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Threading;

/// <summary>The game code, created inside the domain that is unloaded.</summary>
public sealed class GameScripts : MarshalByRefObject
{
    public string DomainName()
    {
        return AppDomain.CurrentDomain.FriendlyName;
    }

    public void Play(string baseUrl, string token)
    {
        UseEverything.Run(baseUrl, token);
    }

    public void BeforeReload()
    {
        OfferKit.OfferKitLibrary.Shutdown();
    }
}

internal static class UnloadDomain
{
    private static readonly TimeSpan Watchdog = TimeSpan.FromSeconds(20);

    /// <summary>A hung unload leaves a thread Mono waits for at exit: a failure leaves through libc's exit.</summary>
    [DllImport("libc", EntryPoint = "exit")]
    private static extern void NativeExit(int status);

    private static int Main(string[] args)
    {
        int status = Run(args[0], args[1]);
        Console.Out.Flush();
        if (status != 0) NativeExit(status);
        return status;
    }

    private static int Run(string baseUrl, string token)
    {
        var setup = new AppDomainSetup { ApplicationBase = AppDomain.CurrentDomain.BaseDirectory };
        AppDomain domain = AppDomain.CreateDomain("game scripts", null, setup);
        var game = (GameScripts)domain.CreateInstanceAndUnwrap(typeof(GameScripts).Assembly.FullName, typeof(GameScripts).FullName);
        if (game.DomainName() != "game scripts")
        {
            Console.WriteLine("FAIL the game code ran in " + game.DomainName());
            return 1;
        }
        game.Play(baseUrl, token);
        game.BeforeReload();
        Exception failure = null;
        var unloaded = new ManualResetEvent(false);
        var clock = Stopwatch.StartNew();
        var unloader = new Thread(() =>
        {
            try
            {
                AppDomain.Unload(domain);
            }
            catch (Exception e)
            {
                failure = e;
            }
            unloaded.Set();
        }) { IsBackground = true };
        unloader.Start();
        if (!unloaded.WaitOne(Watchdog))
        {
            Console.WriteLine("FAIL AppDomain.Unload did not return within {0} s", Watchdog.TotalSeconds);
            return 1;
        }
        if (failure != null)
        {
            Console.WriteLine("FAIL AppDomain.Unload threw " + failure);
            return 1;
        }
        Console.WriteLine("unloaded in {0} ms", clock.ElapsedMilliseconds);
        return 0;
    }
}
