"""The cache's locks: one holder at a time, across processes, so two runs that build into the
cache's build directory never replace each other's libraries mid-test."""

import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

from harness import tools


class LockTest(unittest.TestCase):
    def test_a_held_lock_is_refused_to_another_process_until_released(self):
        cache = tempfile.mkdtemp()
        with mock.patch.object(tools, "CACHE", cache):
            held = tools.Lock("target")
            self.assertTrue(held.try_acquire())
            probe = ("import sys; sys.path.insert(0, sys.argv[1]); from harness import tools; "
                     "tools.CACHE = sys.argv[2]; sys.exit(0 if tools.Lock('target').try_acquire() else 3)")
            root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            other = subprocess.run([sys.executable, "-c", probe, root, cache])
            self.assertEqual(other.returncode, 3, "another process took a held lock")
            held.__exit__(None, None, None)
            other = subprocess.run([sys.executable, "-c", probe, root, cache])
            self.assertEqual(other.returncode, 0, "the released lock was not free")


if __name__ == "__main__":
    unittest.main()
