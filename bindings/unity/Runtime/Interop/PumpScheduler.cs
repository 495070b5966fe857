// PumpScheduler.cs: the TaskScheduler of every task this package returns. It runs nothing by
// itself: a task is run by its PumpTaskSource once the outcome is known (inside the poll, so
// continuations still run on the pumping thread). It exists for one hook: .Result, .Wait() and
// GetAwaiter().GetResult() first offer a task that has not run to its scheduler to run inline on
// the waiting thread. On the thread that pumps offerkit such a wait could never end (the outcome
// arrives in that thread's next poll), so the task is run there at once and ends with a
// BlockingWaitException, instead of the game freezing. On any other thread the wait goes on and
// ends when the pump delivers the outcome.
using System.Collections.Generic;
using System.Threading.Tasks;

namespace OfferKit.Interop
{
    internal sealed class PumpScheduler : TaskScheduler
    {
        internal static readonly PumpScheduler Instance = new PumpScheduler();

        private PumpScheduler()
        {
        }

        protected override void QueueTask(Task task)
        {
            // Nothing to queue: PumpTaskSource runs the task when its outcome is known.
        }

        protected override bool TryExecuteTaskInline(Task task, bool taskWasPreviouslyQueued)
        {
            var source = task.AsyncState as IPumpTaskSource;
            if (source == null || !PumpThread.IsCurrent) return false; // waits while the pump runs elsewhere
            source.BlockedOnPumpThread();
            return TryExecuteTask(task);
        }

        protected override IEnumerable<Task> GetScheduledTasks()
        {
            return new Task[0];
        }

        /// <summary>Runs <paramref name="task"/> on this thread unless it ran already.</summary>
        internal bool Run(Task task)
        {
            return TryExecuteTask(task);
        }
    }
}
