// OfferKit.Build.cs: how Unreal builds the plugin's module: the offerkit header and C++ wrapper
// on the include path, and the native library per platform (a DLL on Windows, the static
// library elsewhere), from Source/ThirdParty/offerkit/lib/PLATFORM/. The released plugin zip
// (bindings/unreal/package.sh) carries Win64, Linux and LinuxArm64; the release workflow adds Mac,
// IOS and Android; from source, see the plugin's README ("Dropping in the library").
using System.IO;
using UnrealBuildTool;

public class OfferKit : ModuleRules
{
	public OfferKit(ReadOnlyTargetRules Target) : base(Target)
	{
		PCHUsage = PCHUsageMode.UseExplicitOrSharedPCHs;
		PublicDependencyModuleNames.AddRange(new string[] { "Core", "CoreUObject", "Engine" });
		PrivateDependencyModuleNames.AddRange(new string[] { "Projects", "HTTP" }); // HTTP: FOfferKitEngineHttpExecutor

		// Source/ThirdParty/offerkit/include holds offerkit.h and offerkit.hpp in a shipped plugin;
		// inside the offerkit repository, the committed include/ and bindings/cpp/ are used.
		string ThirdParty = Path.Combine(PluginDirectory, "Source", "ThirdParty", "offerkit");
		string Include = Path.Combine(ThirdParty, "include");
		if (File.Exists(Path.Combine(Include, "offerkit.h")))
		{
			PublicIncludePaths.Add(Include);
		}
		else
		{
			string Repository = Path.GetFullPath(Path.Combine(ModuleDirectory, "..", "..", "..", "..", ".."));
			PublicIncludePaths.Add(Path.Combine(Repository, "include"));
			PublicIncludePaths.Add(Path.Combine(Repository, "bindings", "cpp"));
		}

		string Lib = Path.Combine(ThirdParty, "lib");
		if (Target.Platform == UnrealTargetPlatform.Win64)
		{
			string Dir = Path.Combine(Lib, "Win64");
			PublicAdditionalLibraries.Add(Path.Combine(Dir, "offerkit.dll.lib"));
			PublicDelayLoadDLLs.Add("offerkit.dll");
			RuntimeDependencies.Add("$(BinaryOutputDir)/offerkit.dll", Path.Combine(Dir, "offerkit.dll"));
		}
		else if (Target.Platform == UnrealTargetPlatform.Mac)
		{
			PublicAdditionalLibraries.Add(Path.Combine(Lib, "Mac", "libofferkit.a")); // universal (arm64 + x86_64)
			PublicFrameworks.AddRange(new string[] { "CoreFoundation", "Security" }); // the TLS stack's certificate checks
		}
		else if (Target.Platform == UnrealTargetPlatform.Linux)
		{
			PublicAdditionalLibraries.Add(Path.Combine(Lib, "Linux", "libofferkit.a"));
			PublicSystemLibraries.AddRange(new string[] { "pthread", "dl", "m", "rt", "util" });
		}
		else if (Target.Platform == UnrealTargetPlatform.LinuxArm64)
		{
			PublicAdditionalLibraries.Add(Path.Combine(Lib, "LinuxArm64", "libofferkit.a"));
			PublicSystemLibraries.AddRange(new string[] { "pthread", "dl", "m", "rt", "util" });
		}
		else if (Target.Platform == UnrealTargetPlatform.Android)
		{
			PublicAdditionalLibraries.Add(Path.Combine(Lib, "Android", "arm64-v8a", "libofferkit.a"));
			PublicSystemLibraries.AddRange(new string[] { "dl", "m" });
		}
		else if (Target.Platform == UnrealTargetPlatform.IOS)
		{
			PublicAdditionalLibraries.Add(Path.Combine(Lib, "IOS", "libofferkit.a")); // device, aarch64-apple-ios
			PublicFrameworks.AddRange(new string[] { "CoreFoundation", "Security" });
		}
		// offerkit.hpp needs no C++ exceptions (results are values), as Unreal builds by default.
	}
}
