// ExitAfterMain.cs: a console program that used a TokenProvider, a log handler and every
// delivery mode, then returns from Main. The process must then exit: bindings/unity/Tools~/test.sh runs
// it under a timeout and reports how long the exit took after the "main returns at" line.
//
//   ExitAfterMain.exe BASE_URL ACCESS_TOKEN
using System;

internal static class ExitAfterMain
{
    private static int Main(string[] args)
    {
        UseEverything.Run(args[0], args[1]);
        // Nothing else: a game's process ends here, with the log handler still set.
        Console.WriteLine("main returns at {0}", UseEverything.NowMs());
        Console.Out.Flush();
        return 0;
    }
}
