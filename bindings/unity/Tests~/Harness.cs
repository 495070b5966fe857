// Harness.cs: a small test runner for the Mono test program of the C# wrapper: runs each test
// against the one simulator, resets its faults and counters between tests, checks after every
// test that every native object and GCHandle the wrapper took was released exactly once, and
// ends with the line "N passed, N failed, N skipped" (exit status 1 on any failure). A test that
// needs what the library under test lacks (the test hooks of a debug build, when the shipping
// build runs) is skipped and counted as such, never as passed. A run in which no test ran fails.
// With OFFERKIT_RESULTS set, every test, and every failure that is not one test's (a leak check
// after a test, the simulator's start, the library's shutdown), is also one line of that results
// file (ResultsFile.cs; suite OFFERKIT_SUITE, else "unity-tests").
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;
using OfferKit.Interop;

namespace OfferKit.Tests
{
    internal sealed class TestFailure : Exception
    {
        internal TestFailure(string message) : base(message) { }
    }

    /// <summary>Thrown by a test that cannot run against this build; counted as skipped.</summary>
    internal sealed class TestSkipped : Exception
    {
        internal TestSkipped(string message) : base(message) { }
    }

    /// <summary>Thrown by a test that cannot exist in this build (it needs the test hooks a
    /// shipping library lacks): reported n/a, and listed for that run in Tests~/na/, or the
    /// harness fails the run.</summary>
    internal sealed class TestNotApplicable : Exception
    {
        internal TestNotApplicable(string message) : base(message) { }
    }

    internal static class Check
    {
        internal static void True(bool condition, string what)
        {
            if (!condition) throw new TestFailure(what);
        }

        internal static void Equal<T>(T expected, T actual, string what)
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
                throw new TestFailure(what + ": expected <" + expected + ">, got <" + actual + ">");
        }

        internal static void Contains(string haystack, string needle, string what)
        {
            if (haystack == null || haystack.IndexOf(needle, StringComparison.Ordinal) < 0)
                throw new TestFailure(what + ": <" + needle + "> not in <" + haystack + ">");
        }

        /// <summary>The OfferKitException a task failed with (pumping the main thread until it ends).</summary>
        internal static OfferKitException Fails(Task task, ErrorKind kind, string what)
        {
            MainThread.Wait(task);
            True(task.IsFaulted, what + ": expected kind " + kind + ", but the task " + task.Status);
            var e = task.Exception.GetBaseException() as OfferKitException;
            True(e != null, what + ": not an OfferKitException: " + task.Exception.GetBaseException());
            Equal(kind, e.Kind, what + " (kind; message: " + e.Message + ")");
            True(!string.IsNullOrEmpty(e.Message), what + ": empty message");
            return e;
        }

        internal static OfferKitException Throws(Action action, ErrorKind kind, string what)
        {
            try
            {
                action();
            }
            catch (OfferKitException e)
            {
                Equal(kind, e.Kind, what + " (kind; message: " + e.Message + ")");
                return e;
            }
            throw new TestFailure(what + ": no OfferKitException");
        }

        /// <summary>The exception of type <typeparamref name="TException"/> that <paramref name="action"/> throws.</summary>
        internal static TException ThrowsType<TException>(Action action, string what) where TException : Exception
        {
            try
            {
                action();
            }
            catch (TException e)
            {
                return e;
            }
            catch (Exception e)
            {
                throw new TestFailure(what + ": expected " + typeof(TException).Name + ", got " + e.GetType().Name + ": " + e.Message);
            }
            throw new TestFailure(what + ": no " + typeof(TException).Name);
        }

        /// <summary>The field is not in the item: Field throws KeyNotFoundException, TryGetField is false.</summary>
        internal static void NoField(Offer offer, string path, string what)
        {
            ThrowsType<KeyNotFoundException>(() => offer.Field<object>(path), what + " (Field)");
            object value;
            True(!offer.TryGetField(path, out value), what + " (TryGetField)");
        }

        internal static void NoField(PlayerOffer item, string path, string what)
        {
            ThrowsType<KeyNotFoundException>(() => item.Field<object>(path), what + " (Field)");
            object value;
            True(!item.TryGetField(path, out value), what + " (TryGetField)");
        }

        internal static void Cancelled(Task task, string what)
        {
            MainThread.Wait(task);
            True(task.IsCanceled, what + ": expected a cancelled task, got " + task.Status +
                (task.Exception != null ? " " + task.Exception.GetBaseException().Message : ""));
        }
    }

    /// <summary>The test program's "main thread", which pumps offerkit completions like Unity's Update.</summary>
    internal static class MainThread
    {
        internal static int Id;
        private static readonly TimeSpan HangGuard = TimeSpan.FromSeconds(60);

        /// <summary>Polls every client until the task ends (a hang guard, not a timing assertion).</summary>
        internal static void Wait(Task task)
        {
            Until(() => task.IsCompleted, "a task to complete");
        }

        internal static T Result<T>(Task<T> task)
        {
            Wait(task);
            if (task.IsFaulted) throw new TestFailure("the task failed: " + task.Exception.GetBaseException());
            if (task.IsCanceled) throw new TestFailure("the task was cancelled");
            return task.Result;
        }

        internal static void Until(Func<bool> condition, string what)
        {
            Check.True(Thread.CurrentThread.ManagedThreadId == Id, "MainThread.Until off the main thread");
            var clock = Stopwatch.StartNew();
            while (!condition())
            {
                if (OfferKitClient.PollAll() == 0) Thread.Sleep(1);
                if (clock.Elapsed > HangGuard) throw new TestFailure("gave up waiting for " + what);
            }
        }
    }

    internal static class Program
    {
        internal static Simulator Sim;
        private const string Suite = "unity-tests";

        /// <summary>
        /// Returns from Main like any program: no thread of offerkit ever ran managed code, so
        /// nothing keeps Mono from exiting (the script's timeout catches a hang).
        /// </summary>
        private static int Main(string[] args)
        {
            return RunAll(args);
        }

        private static int RunAll(string[] args)
        {
            MainThread.Id = Thread.CurrentThread.ManagedThreadId;
            string simBinary = args.Length > 0 ? args[0] : "target/debug/offerkit-sim";
            string filter = args.Length > 1 ? args[1] : null;
            int passed = 0, failed = 0, skipped = 0;
            try
            {
                Sim = Simulator.Start(simBinary);
            }
            catch (Exception e)
            {
                Console.WriteLine("FAIL could not start the simulator: " + e.Message);
                ResultsFile.Write(Suite, "(simulator start)", "failed", 0, e.Message);
                Console.WriteLine("0 passed, 1 failed, 0 skipped");
                return 1;
            }
            try
            {
                foreach (KeyValuePair<string, Action> test in AllTests.List())
                {
                    if (filter != null && !filter.Split(',').Any(f => test.Key.IndexOf(f, StringComparison.Ordinal) >= 0)) continue;
                    var clock = Stopwatch.StartNew();
                    string skip, leak;
                    bool notApplicable;
                    string failure = Run(test.Value, out skip, out notApplicable, out leak);
                    double seconds = clock.Elapsed.TotalSeconds;
                    if (skip != null && notApplicable)
                    {
                        Console.WriteLine("n/a  {0,-58} {1,6} ms   ({2})", test.Key, clock.ElapsedMilliseconds, skip);
                        ResultsFile.Write(Suite, test.Key, "na", seconds, skip);
                    }
                    else if (skip != null)
                    {
                        skipped++;
                        Console.WriteLine("skip {0,-58} {1,6} ms   ({2})", test.Key, clock.ElapsedMilliseconds, skip);
                        ResultsFile.Write(Suite, test.Key, "skipped", seconds, skip);
                    }
                    else if (failure == null)
                    {
                        passed++;
                        Console.WriteLine("ok   {0,-58} {1,6} ms", test.Key, clock.ElapsedMilliseconds);
                        ResultsFile.Write(Suite, test.Key, "passed", seconds, "");
                    }
                    else
                    {
                        failed++;
                        Console.WriteLine("FAIL {0,-58} {1,6} ms\n     {2}", test.Key, clock.ElapsedMilliseconds, failure.Replace("\n", "\n     "));
                        ResultsFile.Write(Suite, test.Key, "failed", seconds, failure);
                    }
                    if (leak != null)
                    {
                        // Not the test's own failure: what it left behind, a case of its own.
                        string name = "(leak check after " + test.Key + ")";
                        failed++;
                        Console.WriteLine("FAIL {0,-58}\n     {1}", name, leak);
                        ResultsFile.Write(Suite, name, "failed", 0, leak);
                    }
                }
            }
            finally
            {
                var stopping = Stopwatch.StartNew();
                try
                {
                    OfferKitLibrary.Shutdown();
                }
                catch (Exception e)
                {
                    failed++;
                    Console.WriteLine("FAIL OfferKitLibrary.Shutdown at the end: " + e);
                    ResultsFile.Write(Suite, "(shutdown at exit)", "failed", stopping.Elapsed.TotalSeconds, "OfferKitLibrary.Shutdown: " + e);
                }
                Sim.Dispose();
            }
            if (passed == 0 && failed == 0)
            {
                // A filter that matched nothing, or a build that skips everything, proves nothing.
                failed++;
                string why = "no test ran (" + skipped + " skipped" + (filter != null ? ", filter " + filter : "") + ")";
                Console.WriteLine("FAIL " + why);
                ResultsFile.Write(Suite, "(no test ran)", "failed", 0, why);
            }
            Console.WriteLine("{0} passed, {1} failed, {2} skipped", passed, failed, skipped);
            return failed == 0 ? 0 : 1;
        }

        /// <summary>
        /// The test's failure, or null; <paramref name="skip"/> says why when the test was skipped
        /// or is not applicable (<paramref name="notApplicable"/>),
        /// <paramref name="leak"/> what a test that passed left allocated.
        /// </summary>
        private static string Run(Action test, out string skip, out bool notApplicable, out string leak)
        {
            skip = null;
            notApplicable = false;
            leak = null;
            try
            {
                Sim.Reset();
                Results.FailNextConversions = 0;
                test();
                OfferKitClient.DisposeAll();
            }
            catch (Exception e)
            {
                OfferKitClient.DisposeAll();
                // The failed test's releases may still trail (see below): let them land before
                // zeroing, or they count against the next test as a double release.
                Settle();
                Interlocked.Exchange(ref Tracking.NativeObjects, 0);
                Interlocked.Exchange(ref Tracking.GcHandles, 0);
                if (e is TestSkipped || e is TestNotApplicable)
                {
                    skip = e.Message;
                    notApplicable = e is TestNotApplicable;
                    return null;
                }
                return e is TestFailure ? e.Message : e.ToString();
            }
            try
            {
                // Every native object and GCHandle the wrapper took must have been released. A
                // leak stays above zero, a double release below.
                Settle();
                Check.Equal(0, Volatile.Read(ref Tracking.GcHandles), "GCHandles still allocated after the test");
                Check.Equal(0, Volatile.Read(ref Tracking.NativeObjects), "native objects still owned after the test");
                return null;
            }
            catch (Exception e)
            {
                Interlocked.Exchange(ref Tracking.NativeObjects, 0);
                Interlocked.Exchange(ref Tracking.GcHandles, 0);
                leak = e is TestFailure ? e.Message : e.ToString();
                return null;
            }
        }

        /// <summary>
        /// Waits (up to 5 s) for the native objects and GCHandles to return to zero. A release may
        /// trail by a moment: a SafeHandle is released by the last thread still inside a P/Invoke
        /// with it (e.g. a token provider's continuation on the pool setting the token while the
        /// test disposes the client).
        /// </summary>
        private static void Settle()
        {
            var settle = Stopwatch.StartNew();
            while ((Volatile.Read(ref Tracking.GcHandles) != 0 || Volatile.Read(ref Tracking.NativeObjects) != 0) &&
                   settle.Elapsed < TimeSpan.FromSeconds(5))
                Thread.Sleep(1);
        }
    }
}
