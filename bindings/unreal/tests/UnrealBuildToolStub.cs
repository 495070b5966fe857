// UnrealBuildToolStub.cs: minimal stand-ins for the UnrealBuildTool types OfferKit.Build.cs
// uses, with UnrealBuildTool's names and shapes, so mcs can type-check the Build.cs file without
// Unreal. Compile-time only: it proves the file is valid C# against this API, nothing more.
using System.Collections.Generic;
using System.IO;

namespace UnrealBuildTool
{
    public sealed class UnrealTargetPlatform
    {
        private readonly string _name;
        private UnrealTargetPlatform(string name) { _name = name; }
        public static readonly UnrealTargetPlatform Win64 = new UnrealTargetPlatform("Win64");
        public static readonly UnrealTargetPlatform Mac = new UnrealTargetPlatform("Mac");
        public static readonly UnrealTargetPlatform Linux = new UnrealTargetPlatform("Linux");
        public static readonly UnrealTargetPlatform LinuxArm64 = new UnrealTargetPlatform("LinuxArm64");
        public static readonly UnrealTargetPlatform Android = new UnrealTargetPlatform("Android");
        public static readonly UnrealTargetPlatform IOS = new UnrealTargetPlatform("IOS");
        public override string ToString() { return _name; }
    }

    public class ReadOnlyTargetRules
    {
        public UnrealTargetPlatform Platform { get; set; }
    }

    public class RuntimeDependencyList
    {
        public readonly List<KeyValuePair<string, string>> Items = new List<KeyValuePair<string, string>>();
        public void Add(string path) { Items.Add(new KeyValuePair<string, string>(path, null)); }
        public void Add(string path, string sourcePath) { Items.Add(new KeyValuePair<string, string>(path, sourcePath)); }
    }

    public class ModuleRules
    {
        public enum PCHUsageMode { Default, NoPCHs, NoSharedPCHs, UseSharedPCHs, UseExplicitOrSharedPCHs }

        public ModuleRules(ReadOnlyTargetRules target)
        {
            Target = target;
            // UBT sets these to the module's and plugin's folders; here they come from the checker.
            ModuleDirectory = System.Environment.GetEnvironmentVariable("UBT_MODULE_DIRECTORY") ?? "";
            PluginDirectory = System.IO.Path.GetFullPath(System.IO.Path.Combine(ModuleDirectory, "..", ".."));
        }

        public ReadOnlyTargetRules Target;
        public PCHUsageMode PCHUsage;
        public string ModuleDirectory;
        public string PluginDirectory;
        public List<string> PublicDependencyModuleNames = new List<string>();
        public List<string> PrivateDependencyModuleNames = new List<string>();
        public List<string> PublicIncludePaths = new List<string>();
        public List<string> PublicAdditionalLibraries = new List<string>();
        public List<string> PublicSystemLibraries = new List<string>();
        public List<string> PublicFrameworks = new List<string>();
        public List<string> PublicDelayLoadDLLs = new List<string>();
        public RuntimeDependencyList RuntimeDependencies = new RuntimeDependencyList();
    }
}
