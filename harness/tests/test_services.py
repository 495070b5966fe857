"""Service guards stop what they started, by process id, whatever happens in the step."""

import os
import stat
import tempfile
import time
import unittest

from harness import services

FAKE = """#!/bin/sh
echo $$ >> "$(dirname "$0")/pids"
echo "listening on http://127.0.0.1:9"
exec sleep 600
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split()[2] != "Z"


class ServicesTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.binary = os.path.join(self.dir, "sim")
        with open(self.binary, "w") as f:
            f.write(FAKE)
        os.chmod(self.binary, stat.S_IRWXU)

    def pids(self):
        with open(os.path.join(self.dir, "pids")) as f:
            return [int(x) for x in f.read().split()]

    def test_simulators_are_stopped_when_the_step_fails(self):
        with self.assertRaises(RuntimeError):
            with services.simulators(self.binary, self.dir) as env:
                self.assertEqual(env["OFFERKIT_SIM_URL"], "http://127.0.0.1:9")
                self.assertIn("OFFERKIT_SIM_PREFIXED_URL", env)
                pids = self.pids()
                self.assertEqual(len(pids), 2)
                self.assertTrue(all(alive(p) for p in pids))
                raise RuntimeError("the step failed")
        time.sleep(0.2)
        self.assertFalse(any(alive(p) for p in pids))

    def test_a_simulator_that_never_listens_is_an_error(self):
        with open(self.binary, "w") as f:
            f.write("#!/bin/sh\necho starting\nexit 3\n")
        with self.assertRaises(RuntimeError) as e:
            with services.simulators(self.binary, self.dir):
                pass
        self.assertIn("did not start", str(e.exception))


if __name__ == "__main__":
    unittest.main()
