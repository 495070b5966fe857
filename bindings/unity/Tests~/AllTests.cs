// AllTests.cs: finds the tests: every public static parameterless method of the *Tests classes
// in this program, in declaration order, named Class.Method; then the tests of the classes in
// Transport.ThroughExecutor once more, their clients on HttpClientExecutor, named
// HttpClientExecutor/Class.Method.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace OfferKit.Tests
{
    internal static class AllTests
    {
        internal static List<KeyValuePair<string, Action>> List()
        {
            var tests = new List<KeyValuePair<string, Action>>();
            foreach (Type type in typeof(AllTests).Assembly.GetTypes()
                         .Where(t => t.Namespace == "OfferKit.Tests" && t.Name.EndsWith("Tests", StringComparison.Ordinal) && t != typeof(AllTests))
                         .OrderBy(t => t.Name, StringComparer.Ordinal))
            {
                foreach (MethodInfo method in type.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.DeclaredOnly)
                             .Where(m => m.GetParameters().Length == 0 && m.ReturnType == typeof(void))
                             .OrderBy(m => m.MetadataToken))
                {
                    MethodInfo m = method;
                    tests.Add(new KeyValuePair<string, Action>(type.Name + "." + m.Name, () =>
                    {
                        try
                        {
                            m.Invoke(null, null);
                        }
                        catch (TargetInvocationException e)
                        {
                            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                        }
                    }));
                }
            }
            var throughExecutor = new List<KeyValuePair<string, Action>>();
            foreach (KeyValuePair<string, Action> test in tests)
            {
                Action run = test.Value;
                if (Transport.ThroughExecutor.Any(c => test.Key.StartsWith(c + ".", StringComparison.Ordinal)))
                    throughExecutor.Add(new KeyValuePair<string, Action>("HttpClientExecutor/" + test.Key, () => Transport.RunThroughExecutor(run)));
            }
            tests.AddRange(throughExecutor);
            return tests;
        }
    }
}
