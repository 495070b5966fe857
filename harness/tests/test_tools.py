"""The cache's locks: one holder at a time, across processes, so two runs that build into the
cache's build directory never replace each other's libraries mid-test."""

import importlib
import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

from harness import tools

entry = importlib.import_module("harness.__main__")


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


class SharedTargetTest(unittest.TestCase):
    def test_cargo_is_given_the_caches_path_not_the_checkouts_symlink(self):
        # A test's CARGO_BIN_EXE_ path is the target directory as cargo was given it: the
        # checkout's own path would outlive the checkout in the shared build directory.
        checkout, cache = tempfile.mkdtemp(), tempfile.mkdtemp()
        with mock.patch.object(entry, "ROOT", checkout), mock.patch.object(tools, "CACHE", cache), \
                mock.patch.dict(os.environ, {"OFFERKIT_SHARED_TARGET": "1"}):
            os.environ.pop("CARGO_TARGET_DIR", None)
            held = entry.shared_target()
            self.assertIsNotNone(held, "the shared directory was not locked")
            held.__exit__(None, None, None)
            shared = os.path.realpath(os.path.join(cache, "target"))
            self.assertEqual(os.path.realpath(os.path.join(checkout, "target")), shared)
            self.assertEqual(os.environ.get("CARGO_TARGET_DIR"), shared)
            self.assertFalse(os.environ["CARGO_TARGET_DIR"].startswith(os.path.realpath(checkout)))

    def test_a_build_directory_of_ones_own_is_left_alone(self):
        checkout, cache = tempfile.mkdtemp(), tempfile.mkdtemp()
        os.makedirs(os.path.join(checkout, "target"))
        with mock.patch.object(entry, "ROOT", checkout), mock.patch.object(tools, "CACHE", cache), \
                mock.patch.dict(os.environ, {"CARGO_TARGET_DIR": "/elsewhere"}):
            self.assertIsNone(entry.shared_target())
            self.assertEqual(os.environ["CARGO_TARGET_DIR"], "/elsewhere")


if __name__ == "__main__":
    unittest.main()
