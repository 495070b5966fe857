"""The results file of the project's Python checks: one JSON line per test case, appended to the
file named by OFFERKIT_RESULTS (nothing is written when it is unset), for a harness that reads
results from files, never from logs. The format is harness/RESULTS.md's, the same as the C, C++,
C# and Kotlin runners write. Imported by the scripts that print "N passed, N failed" lines:

    sys.path.insert(0, PATH_TO_THIS_FOLDER)
    import results_file
    results_file.write("release-lib-self-test", "elf-16k-aligned-accepted", "passed", 0.004)
"""
import json
import os
import time

OUTCOMES = ("passed", "failed", "skipped", "na")


def write(default_suite, case, outcome, seconds=0.0, detail=""):
    """Appends one line (suite OFFERKIT_SUITE, else default_suite) and closes the file at once,
    so a crash later loses nothing written before."""
    if outcome not in OUTCOMES:
        raise ValueError(f"not an outcome: {outcome!r}")
    path = os.environ.get("OFFERKIT_RESULTS")
    if not path:
        return
    line = json.dumps({
        "suite": os.environ.get("OFFERKIT_SUITE") or default_suite,
        "case": case,
        "outcome": outcome,
        "seconds": round(max(0.0, seconds), 3),
        "detail": detail or "",
    }, ensure_ascii=False) + "\n"
    # errors="replace": a lone surrogate (from undecodable bytes) becomes "?", never a crash.
    with open(path, "a", encoding="utf-8", errors="replace") as f:
        f.write(line)


class Clock:
    """Seconds since it was made (or last reset), for a case's duration."""

    def __init__(self):
        self.started = time.monotonic()

    def lap(self):
        now = time.monotonic()
        took, self.started = now - self.started, now
        return took
