"""The chroot's mount script: everything is bound inside a private namespace, at its own path."""

import unittest

from harness import chroot


class ChrootTest(unittest.TestCase):
    def test_mount_script(self):
        script = chroot.mount_script("/cache/sid", ["/work/repo"], ["swift", "build"], "/work/repo")
        lines = script.splitlines()
        self.assertEqual(lines[1], "mount --make-rprivate /")
        for src in ["/proc", "/dev", "/tmp", "/work/repo"]:
            self.assertIn(f"mount --rbind {src} /cache/sid{src}", script)
        self.assertTrue(lines[-1].startswith("exec chroot /cache/sid "))
        self.assertIn("cd /work/repo && exec swift build", lines[-1])

    def test_cache_key_depends_on_packages_not_their_order(self):
        a = chroot.chroot_dir("sid", ["godot", "dart-sdk"])
        self.assertEqual(a, chroot.chroot_dir("sid", ["dart-sdk", "godot"]))
        self.assertNotEqual(a, chroot.chroot_dir("sid", ["godot"]))
        self.assertNotEqual(a, chroot.chroot_dir("trixie", ["godot", "dart-sdk"]))


if __name__ == "__main__":
    unittest.main()
