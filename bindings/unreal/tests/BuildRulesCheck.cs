// BuildRulesCheck.cs: runs OfferKit.Build.cs (against UnrealBuildToolStub.cs) for every platform
// the plugin lists and checks what it asks Unreal for: an include path holding offerkit.h and
// offerkit.hpp (inside this repository: the committed ones), and the right library per platform.
// With UBT_LIBRARIES_PRESENT=Win64,Linux,... (a packaged plugin, bindings/unreal/smoke.sh),
// the library files it names for those platforms must exist, and the headers must come from the
// plugin itself. Prints "N passed, N failed" (one test per platform); with OFFERKIT_RESULTS set,
// each platform is also a line of that results file (bindings/unity/Tests~/ResultsFile.cs; suite
// OFFERKIT_SUITE, else "unreal-build-rules").
using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using UnrealBuildTool;

internal static class BuildRulesCheck
{
    private const string Suite = "unreal-build-rules";
    private static int _problems;
    private static string _firstProblem;

    private static void Check(bool condition, string what)
    {
        if (condition) return;
        _problems++;
        if (_firstProblem == null) _firstProblem = what;
        Console.WriteLine("     " + what);
    }

    private static OfferKit Rules(UnrealTargetPlatform platform)
    {
        return new OfferKit(new ReadOnlyTargetRules { Platform = platform });
    }

    private static int Main()
    {
        int passed = 0, failed = 0;
        string[] present = (Environment.GetEnvironmentVariable("UBT_LIBRARIES_PRESENT") ?? "").Split(new[] { ',' }, StringSplitOptions.RemoveEmptyEntries);
        foreach (UnrealTargetPlatform platform in new[] { UnrealTargetPlatform.Win64, UnrealTargetPlatform.Mac, UnrealTargetPlatform.Linux, UnrealTargetPlatform.LinuxArm64, UnrealTargetPlatform.Android, UnrealTargetPlatform.IOS })
        {
            _problems = 0;
            _firstProblem = null;
            var clock = Stopwatch.StartNew();
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
            if (platform == UnrealTargetPlatform.Linux || platform == UnrealTargetPlatform.LinuxArm64)
                Check(new[] { "pthread", "dl", "m", "rt", "util" }.All(rules.PublicSystemLibraries.Contains), platform + ": the system libraries Rust's std needs");
            if (platform == UnrealTargetPlatform.Mac || platform == UnrealTargetPlatform.IOS)
                Check(new[] { "CoreFoundation", "Security" }.All(rules.PublicFrameworks.Contains), platform + ": the frameworks the TLS stack needs");
            string folder = Path.GetFileName(Path.GetDirectoryName(library)) ?? "";
            string expectedFolder = platform == UnrealTargetPlatform.Android ? "arm64-v8a" : platform.ToString();
            Check(folder == expectedFolder, platform + ": library in lib/" + expectedFolder + ", not " + folder);
            if (present.Contains(platform.ToString()))
            {
                Check(File.Exists(library), platform + ": " + library + " is in the plugin");
                foreach (var dependency in rules.RuntimeDependencies.Items)
                    Check(dependency.Value == null || File.Exists(dependency.Value), platform + ": " + dependency.Value + " is in the plugin");
                string plugin = Path.GetFullPath(rules.PluginDirectory) + Path.DirectorySeparatorChar;
                Check(rules.PublicIncludePaths.All(p => Path.GetFullPath(p).StartsWith(plugin)), platform + ": headers from the plugin itself");
            }
            Console.WriteLine((_problems == 0 ? "ok   " : "FAIL ") + platform);
            ResultsFile.Write(Suite, platform.ToString(), _problems == 0 ? "passed" : "failed", clock.Elapsed.TotalSeconds,
                _problems == 0 ? "" : _problems + " problems; the first: " + _firstProblem);
            if (_problems == 0) passed++;
            else failed++;
        }
        Console.WriteLine("{0} passed, {1} failed", passed, failed);
        return failed == 0 && passed > 0 ? 0 : 1;
    }
}
