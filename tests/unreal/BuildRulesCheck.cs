// BuildRulesCheck.cs: runs OfferKit.Build.cs (against UnrealBuildToolStub.cs) for every platform
// the plugin lists and checks what it asks Unreal for: an include path holding offerkit.h and
// offerkit.hpp (inside this repository: the committed ones), and the right library per platform.
// Prints "N passed, N failed" (one test per platform).
using System;
using System.IO;
using System.Linq;
using UnrealBuildTool;

internal static class BuildRulesCheck
{
    private static int _problems;

    private static void Check(bool condition, string what)
    {
        if (condition) return;
        _problems++;
        Console.WriteLine("     " + what);
    }

    private static OfferKit Rules(UnrealTargetPlatform platform)
    {
        return new OfferKit(new ReadOnlyTargetRules { Platform = platform });
    }

    private static int Main()
    {
        int passed = 0, failed = 0;
        foreach (UnrealTargetPlatform platform in new[] { UnrealTargetPlatform.Win64, UnrealTargetPlatform.Mac, UnrealTargetPlatform.Linux, UnrealTargetPlatform.Android, UnrealTargetPlatform.IOS })
        {
            _problems = 0;
            OfferKit rules = Rules(platform);
            Check(rules.PublicIncludePaths.Any(p => File.Exists(Path.Combine(p, "offerkit.h"))), platform + ": offerkit.h on the include path");
            Check(rules.PublicIncludePaths.Any(p => File.Exists(Path.Combine(p, "offerkit.hpp"))), platform + ": offerkit.hpp on the include path");
            Check(rules.PublicDependencyModuleNames.Contains("Engine") && rules.PrivateDependencyModuleNames.Contains("Projects") && rules.PrivateDependencyModuleNames.Contains("HTTP"), platform + ": module dependencies");
            Check(rules.PublicAdditionalLibraries.Count == 1, platform + ": one library");
            string library = rules.PublicAdditionalLibraries.FirstOrDefault() ?? "";
            if (platform == UnrealTargetPlatform.Win64)
            {
                Check(library.EndsWith(Path.Combine("lib", "Win64", "offerkit.dll.lib")), platform + ": import library " + library);
                Check(rules.PublicDelayLoadDLLs.SequenceEqual(new[] { "offerkit.dll" }), platform + ": delay-loaded DLL");
                Check(rules.RuntimeDependencies.Items.Any(d => d.Key == "$(BinaryOutputDir)/offerkit.dll" && d.Value.EndsWith("offerkit.dll")), platform + ": DLL staged next to the binaries");
            }
            else
            {
                Check(library.EndsWith("libofferkit.a"), platform + ": static library " + library);
                Check(rules.PublicDelayLoadDLLs.Count == 0 && rules.RuntimeDependencies.Items.Count == 0, platform + ": nothing to stage");
            }
            if (platform == UnrealTargetPlatform.Linux)
                Check(new[] { "pthread", "dl", "m", "rt", "util" }.All(rules.PublicSystemLibraries.Contains), platform + ": the system libraries Rust's std needs");
            Console.WriteLine((_problems == 0 ? "ok   " : "FAIL ") + platform);
            if (_problems == 0) passed++;
            else failed++;
        }
        Console.WriteLine("{0} passed, {1} failed", passed, failed);
        return failed == 0 ? 0 : 1;
    }
}
