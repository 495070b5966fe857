// UnityEngine.Coroutines.cs: working stand-ins for the engine types the package's coroutine and
// Awaitable adapters build on: CustomYieldInstruction (every Unity version) and, compiled with
// UNITY_2023_1_OR_NEWER as in the engine, Awaitable, Awaitable<T> and their completion sources.
// They behave as Unity documents them (a CustomYieldInstruction is an IEnumerator whose MoveNext
// is keepWaiting; completing a source runs the awaiting code at once, on the completing thread),
// so the Mono tests can drive the adapters like the engine would. They prove the adapters' logic,
// nothing about the engine itself (pooling, frame timing). The engine declares SetResult(in T):
// mcs has no "in" parameters, and callers pass a value the same way to either.
#pragma warning disable 67, 649
using System;
using System.Collections;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;

namespace UnityEngine
{
    public abstract class CustomYieldInstruction : IEnumerator
    {
        public abstract bool keepWaiting { get; }
        public object Current { get { return null; } }
        public bool MoveNext() { return keepWaiting; }
        public virtual void Reset() { }
    }

#if UNITY_2023_1_OR_NEWER
    /// <summary>The state both Awaitable forms share: done once, then the continuation runs.</summary>
    public class Awaitable
    {
        private readonly object _gate = new object();
        private Action _continuation;
        internal bool Done;
        internal ExceptionDispatchInfo Failure;
        internal bool Cancelled;

        internal void Complete()
        {
            Action continuation;
            lock (_gate)
            {
                if (Done) throw new InvalidOperationException("already completed");
                Done = true;
                continuation = _continuation;
                _continuation = null;
            }
            if (continuation != null) continuation();
        }

        internal void OnCompleted(Action continuation)
        {
            bool runNow;
            lock (_gate)
            {
                runNow = Done;
                if (!runNow) _continuation = continuation;
            }
            if (runNow) continuation();
        }

        internal void ThrowIfFailed()
        {
            if (!Done) throw new InvalidOperationException("not completed");
            if (Failure != null) Failure.Throw();
            if (Cancelled) throw new OperationCanceledException();
        }

        public bool IsCompleted { get { return Done; } }

        public Awaiter GetAwaiter() { return new Awaiter(this); }

        public struct Awaiter : INotifyCompletion
        {
            private readonly Awaitable _awaitable;
            internal Awaiter(Awaitable awaitable) { _awaitable = awaitable; }
            public bool IsCompleted { get { return _awaitable.Done; } }
            public void OnCompleted(Action continuation) { _awaitable.OnCompleted(continuation); }
            public void GetResult() { _awaitable.ThrowIfFailed(); }
        }
    }

    public class Awaitable<T>
    {
        internal readonly Awaitable State = new Awaitable();
        internal T Value;

        public bool IsCompleted { get { return State.Done; } }

        public Awaiter GetAwaiter() { return new Awaiter(this); }

        public struct Awaiter : INotifyCompletion
        {
            private readonly Awaitable<T> _awaitable;
            internal Awaiter(Awaitable<T> awaitable) { _awaitable = awaitable; }
            public bool IsCompleted { get { return _awaitable.State.Done; } }
            public void OnCompleted(Action continuation) { _awaitable.State.OnCompleted(continuation); }
            public T GetResult()
            {
                _awaitable.State.ThrowIfFailed();
                return _awaitable.Value;
            }
        }
    }

    public class AwaitableCompletionSource
    {
        public Awaitable Awaitable { get; private set; }
        public AwaitableCompletionSource() { Awaitable = new Awaitable(); }
        public void SetResult() { if (!TrySetResult()) throw new InvalidOperationException("already completed"); }
        public void SetCanceled() { if (!TrySetCanceled()) throw new InvalidOperationException("already completed"); }
        public void SetException(Exception exception) { if (!TrySetException(exception)) throw new InvalidOperationException("already completed"); }
        public bool TrySetResult() { if (Awaitable.Done) return false; Awaitable.Complete(); return true; }
        public bool TrySetCanceled() { if (Awaitable.Done) return false; Awaitable.Cancelled = true; Awaitable.Complete(); return true; }
        public bool TrySetException(Exception exception)
        {
            if (Awaitable.Done) return false;
            Awaitable.Failure = ExceptionDispatchInfo.Capture(exception);
            Awaitable.Complete();
            return true;
        }
        public void Reset() { Awaitable = new Awaitable(); }
    }

    public class AwaitableCompletionSource<T>
    {
        public Awaitable<T> Awaitable { get; private set; }
        public AwaitableCompletionSource() { Awaitable = new Awaitable<T>(); }
        public void SetResult(T value) { if (!TrySetResult(value)) throw new InvalidOperationException("already completed"); }
        public void SetCanceled() { if (!TrySetCanceled()) throw new InvalidOperationException("already completed"); }
        public void SetException(Exception exception) { if (!TrySetException(exception)) throw new InvalidOperationException("already completed"); }
        public bool TrySetResult(T value)
        {
            if (Awaitable.State.Done) return false;
            Awaitable.Value = value;
            Awaitable.State.Complete();
            return true;
        }
        public bool TrySetCanceled() { if (Awaitable.State.Done) return false; Awaitable.State.Cancelled = true; Awaitable.State.Complete(); return true; }
        public bool TrySetException(Exception exception)
        {
            if (Awaitable.State.Done) return false;
            Awaitable.State.Failure = ExceptionDispatchInfo.Capture(exception);
            Awaitable.State.Complete();
            return true;
        }
        public void Reset() { Awaitable = new Awaitable<T>(); }
    }
#endif
}
