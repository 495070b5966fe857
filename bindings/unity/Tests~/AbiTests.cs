// AbiTests.cs: the P/Invoke declarations against the C header, so a change of the C ABI fails
// here rather than corrupting memory: every imported function exists in include/offerkit.h with
// the same number and kind of parameters, every callback delegate has its typedef's parameters,
// every function of the header that the wrapper needs is imported, and every mirrored struct has
// the C compiler's size and field offsets (printed by abi_layout.c). Paths come from
// OFFERKIT_HEADER and OFFERKIT_LAYOUT.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;
using OfferKit.Interop;

namespace OfferKit.Tests
{
    public static class AbiTests
    {
        private static string Required(string variable)
        {
            string value = Environment.GetEnvironmentVariable(variable);
            if (string.IsNullOrEmpty(value) || !File.Exists(value)) throw new TestFailure(variable + " does not name a file: " + value);
            return value;
        }

        private static string HeaderWithoutComments()
        {
            string header = File.ReadAllText(Required("OFFERKIT_HEADER"));
            header = Regex.Replace(header, @"/\*.*?\*/", " ", RegexOptions.Singleline);
            return Regex.Replace(header, @"//[^\n]*", " ");
        }

        /// <summary>C parameter types of a parameter list (names dropped).</summary>
        private static IEnumerable<string> ParameterTypes(string parameters)
        {
            parameters = parameters.Trim();
            if (parameters == "void" || parameters.Length == 0) yield break;
            foreach (string p in parameters.Split(','))
                yield return Normalize(Regex.Replace(p.Trim(), @"\b\w+$", ""));
        }

        /// <summary>callback typedef name (without "Offerkit") → C parameter types (and the return type first).</summary>
        private static Dictionary<string, List<string>> HeaderCallbacks()
        {
            var callbacks = new Dictionary<string, List<string>>();
            foreach (Match m in Regex.Matches(HeaderWithoutComments(),
                         @"typedef\s+([A-Za-z_][\w \*]*?)\(\s*\*\s*Offerkit(\w+Callback)\s*\)\s*\(([^;{}]*?)\)\s*;", RegexOptions.Singleline))
            {
                var types = new List<string> { Normalize(m.Groups[1].Value) };
                types.AddRange(ParameterTypes(m.Groups[3].Value));
                callbacks[m.Groups[2].Value] = types;
            }
            return callbacks;
        }

        /// <summary>name → C parameter types (and the return type first).</summary>
        private static Dictionary<string, List<string>> HeaderFunctions()
        {
            string header = HeaderWithoutComments();
            var functions = new Dictionary<string, List<string>>();
            foreach (Match m in Regex.Matches(header, @"([A-Za-z_][\w \*]*?)\b(offerkit_\w+)\s*\(([^;{}]*?)\)\s*;", RegexOptions.Singleline))
            {
                var types = new List<string> { Normalize(m.Groups[1].Value) };
                types.AddRange(ParameterTypes(m.Groups[3].Value));
                functions[m.Groups[2].Value] = types;
            }
            return functions;
        }

        private static string Normalize(string cType)
        {
            string t = Regex.Replace(cType, @"\b(const|struct|enum)\b", " ");
            t = Regex.Replace(t, @"\s+", " ").Trim();
            return t.Replace(" *", "*");
        }

        /// <summary>The C# types a C type may be declared as.</summary>
        private static string[] Allowed(string c)
        {
            if (c == "char**") return new[] { "IntPtr&", "IntPtr[]" }; // out strings; arrays of strings (respond's names and values)
            if (c.EndsWith("**")) return new[] { "IntPtr&" };
            switch (c)
            {
                case "void": return new[] { "Void" };
                case "bool": return new[] { "Boolean" };
                case "uint16_t": return new[] { "UInt16" };
                case "uint32_t": return new[] { "UInt32" };
                case "uint64_t": return new[] { "UInt64" };
                case "int64_t": return new[] { "Int64" };
                case "size_t": return new[] { "UIntPtr" };
                case "OfferkitStatus":
                case "OfferkitTokenReason":
                case "OfferkitLogLevel":
                case "OfferkitDelivery":
                    return new[] { "UInt32" };
                case "char*":
                case "void*": return new[] { "IntPtr" };
                case "OfferkitClient*": return new[] { "IntPtr", "ClientHandle" };
                case "OfferkitPlayerOffersPager*": return new[] { "IntPtr", "PagerHandle" };
                case "OfferkitOfferView*": return new[] { "NativeOfferView&" };
                case "OfferkitPlayerOfferView*": return new[] { "NativePlayerOfferView&" };
                case "OfferkitPagination*": return new[] { "NativePagination&" };
                case "OfferkitSkippedItem*": return new[] { "NativeSkippedItem&" };
                case "uint32_t*": return new[] { "UInt32&" };
                case "uint8_t*": return new[] { "IntPtr", "Byte[]" };
                case "size_t*": return new[] { "UIntPtr&" };
            }
            Match callback = Regex.Match(c, @"^Offerkit(\w+Callback)$");
            if (callback.Success) return new[] { callback.Groups[1].Value };
            if (Regex.IsMatch(c, @"^Offerkit\w+\*$")) return new[] { "IntPtr" }; // other opaque handles
            return new string[0];
        }

        public static void EveryImportMatchesTheHeader()
        {
            Dictionary<string, List<string>> header = HeaderFunctions();
            Check.True(header.Count > 60, "parsed only " + header.Count + " functions from the header");
            var imports = typeof(NativeMethods).GetMethods(BindingFlags.Static | BindingFlags.NonPublic)
                .Where(m => m.GetCustomAttributes(typeof(DllImportAttribute), false).Length > 0).ToList();
            Check.True(imports.Count > 50, "imports");
            var problems = new List<string>();
            foreach (MethodInfo import in imports)
            {
                List<string> c;
                if (!header.TryGetValue(import.Name, out c))
                {
                    problems.Add(import.Name + ": not in the header");
                    continue;
                }
                var cs = new List<string> { import.ReturnType.Name };
                cs.AddRange(import.GetParameters().Select(p => p.ParameterType.Name));
                if (cs.Count != c.Count)
                {
                    problems.Add(import.Name + ": " + (cs.Count - 1) + " parameters, the header has " + (c.Count - 1));
                    continue;
                }
                for (int i = 0; i < c.Count; i++)
                    if (!Allowed(c[i]).Contains(cs[i]))
                        problems.Add(import.Name + (i == 0 ? " returns " : " parameter " + i + ": ") + cs[i] + " for C " + c[i]);
                if (import.ReturnType == typeof(bool) || import.GetParameters().Any(p => p.ParameterType == typeof(bool)))
                {
                    // C99 bool is one byte: every bool must be marshalled as U1.
                    var marshal = import.GetParameters().Where(p => p.ParameterType == typeof(bool)).Select(p => p.GetCustomAttributes(typeof(MarshalAsAttribute), false))
                        .Concat(import.ReturnType == typeof(bool) ? new[] { import.ReturnParameter.GetCustomAttributes(typeof(MarshalAsAttribute), false) } : new object[0][]);
                    if (marshal.Any(a => a.Length == 0 || ((MarshalAsAttribute)a[0]).Value != UnmanagedType.U1))
                        problems.Add(import.Name + ": bool without [MarshalAs(UnmanagedType.U1)]");
                }
            }
            Check.True(problems.Count == 0, string.Join("\n", problems));
            // The async form of every query, every config setting, every options setter, the
            // skipped items, the polls and the shutdown must be imported: a new option or result
            // part of the C ABI cannot be missed. (The clear_ functions are not needed: a fresh
            // config or options object is made for every client or call, and a setter never
            // called is unset.)
            List<string> needed = header.Keys.Where(n => n.EndsWith("_async", StringComparison.Ordinal) ||
                                                         n.StartsWith("offerkit_config_", StringComparison.Ordinal) ||
                                                         n.Contains("_options_") ||
                                                         n.Contains("_skipped_"))
                .Where(n => !n.Contains("_clear_"))
                .Concat(new[] { "offerkit_client_poll", "offerkit_log_poll", "offerkit_shutdown" }).ToList();
            Check.True(needed.Count(n => n.Contains("_skipped_")) == 4, "the header's skipped-item functions: " +
                string.Join(", ", needed.Where(n => n.Contains("_skipped_"))));
            foreach (string name in needed)
                Check.True(imports.Any(m => m.Name == name), name + " is in the header but not imported");
        }

        public static void TheStatusEnumMatchesTheHeader()
        {
            var header = new Dictionary<string, int>();
            foreach (Match m in Regex.Matches(HeaderWithoutComments(), @"\bOFFERKIT_STATUS_(\w+)\s*=\s*(\d+)"))
            {
                string pascal = string.Concat(m.Groups[1].Value.Split('_').Select(w => w.Substring(0, 1) + w.Substring(1).ToLowerInvariant()));
                header[pascal] = int.Parse(m.Groups[2].Value);
            }
            Check.True(header.Count >= 24, "parsed " + header.Count + " statuses from the header");
            Check.Equal(string.Join(",", header.OrderBy(p => p.Value).Select(p => p.Key + "=" + p.Value)),
                string.Join(",", Enum.GetValues(typeof(OfferKitStatus)).Cast<OfferKitStatus>().Select(v => v + "=" + (int)v)),
                "OfferKitStatus against OfferkitStatus");
        }

        public static void EveryCallbackDelegateMatchesItsTypedef()
        {
            Dictionary<string, List<string>> header = HeaderCallbacks();
            var delegates = typeof(NativeMethods).Assembly.GetTypes()
                .Where(t => t.Namespace == "OfferKit.Interop" && typeof(Delegate).IsAssignableFrom(t) &&
                            t.GetCustomAttributes(typeof(UnmanagedFunctionPointerAttribute), false).Length > 0).ToList();
            Check.Equal("HttpCancelCallback,HttpExecuteCallback,JsonCallback,LogCallback,OfferListCallback,PlayerOffersPageCallback,TokenNeededCallback",
                string.Join(",", delegates.Select(d => d.Name).OrderBy(n => n, StringComparer.Ordinal)), "callback delegates");
            Check.Equal(string.Join(",", header.Keys.OrderBy(n => n, StringComparer.Ordinal)),
                string.Join(",", delegates.Select(d => d.Name).OrderBy(n => n, StringComparer.Ordinal)), "the header's callback typedefs");
            var problems = new List<string>();
            foreach (Type d in delegates)
            {
                MethodInfo invoke = d.GetMethod("Invoke");
                var cs = new List<string> { invoke.ReturnType.Name };
                cs.AddRange(invoke.GetParameters().Select(p => p.ParameterType.Name));
                List<string> c = header[d.Name];
                if (cs.Count != c.Count)
                {
                    problems.Add(d.Name + ": " + (cs.Count - 1) + " parameters, the typedef has " + (c.Count - 1));
                    continue;
                }
                for (int i = 0; i < c.Count; i++)
                    if (!Allowed(c[i]).Contains(cs[i]) || cs[i] == "ClientHandle") // a callback's client is borrowed: IntPtr
                        problems.Add(d.Name + (i == 0 ? " returns " : " parameter " + i + ": ") + cs[i] + " for C " + c[i]);
                var convention = (UnmanagedFunctionPointerAttribute)d.GetCustomAttributes(typeof(UnmanagedFunctionPointerAttribute), false)[0];
                if (convention.CallingConvention != CallingConvention.Cdecl) problems.Add(d.Name + ": not Cdecl");
            }
            Check.True(problems.Count == 0, string.Join("\n", problems));
        }

        public static void MirroredStructsHaveTheCompilersLayout()
        {
            var mirrors = new Dictionary<string, Type>
            {
                { "OfferkitOfferView", typeof(NativeOfferView) },
                { "OfferkitPlayerOfferView", typeof(NativePlayerOfferView) },
                { "OfferkitPagination", typeof(NativePagination) },
                { "OfferkitSkippedItem", typeof(NativeSkippedItem) },
            };
            int seen = 0;
            foreach (string line in File.ReadAllLines(Required("OFFERKIT_LAYOUT")).Where(l => l.Trim().Length > 0))
            {
                string[] words = line.Trim().Split(' ');
                Type mirror = mirrors[words[0]];
                seen++;
                Check.Equal(int.Parse(words[2]), Marshal.SizeOf(mirror), words[0] + " size");
                FieldInfo[] fields = mirror.GetFields(BindingFlags.Public | BindingFlags.Instance);
                Check.Equal((words.Length - 3) / 2, fields.Length, words[0] + " field count");
                for (int i = 3, f = 0; i < words.Length; i += 2, f++)
                {
                    string cName = words[i].Replace("_", "");
                    Check.Equal(cName, fields[f].Name.ToLowerInvariant(), words[0] + " field " + f);
                    Check.Equal(int.Parse(words[i + 1]), Marshal.OffsetOf(mirror, fields[f].Name).ToInt32(), words[0] + "." + words[i] + " offset");
                }
            }
            Check.Equal(mirrors.Count, seen, "structs checked");
            // Every struct the wrapper passes to native code is one of the mirrors above.
            foreach (Type type in typeof(NativeMethods).Assembly.GetTypes()
                         .Where(t => t.Namespace == "OfferKit.Interop" && t.IsValueType && !t.IsEnum && t.Name.StartsWith("Native", StringComparison.Ordinal)))
                Check.True(mirrors.ContainsValue(type), type.Name + " is not checked against the C layout");
        }
    }
}
