"""Manifests: the repository's own load, and mistakes in one are refused, never ignored."""

import os
import tempfile
import unittest

from harness import manifest, plan, services, tools

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KNOWN = (set(services.SERVICES), set(tools.RECIPES))


def fixture(text: str, name: str = "fx") -> str:
    root = tempfile.mkdtemp()
    os.makedirs(os.path.join(root, "bindings", name, "tests", "na"))
    open(os.path.join(root, "Cargo.toml"), "w").close()  # the release version's file
    with open(os.path.join(root, "bindings", name, "binding.toml"), "w") as f:
        f.write(text)
    with open(os.path.join(root, "bindings", name, "test.sh"), "w") as f:
        f.write("#!/bin/sh\n")
    with open(os.path.join(root, "bindings", name, "tests", "na", "x.txt"), "w") as f:
        f.write("# comment\none  # why\n\ntwo\n")
    return root


GOOD = """name = "fx"
builds-on = "c-abi"
[[steps]]
name = "tests"
run = "test.sh"
services = ["sim"]
tools = ["apt"]
[steps.suites.main]
[steps.suites.other]
same-as = "main"
na = "tests/na/x.txt"
"""


class ManifestTest(unittest.TestCase):
    def test_repository_manifests_load(self):
        found = plan.bindings(ROOT)
        names = {b.name for b in found}
        self.assertTrue({"c", "unity", "kotlin", "python"} <= names, names)
        self.assertTrue(all(os.path.basename(b.folder) == b.name for b in found))

    def test_good_fixture(self):
        [b] = manifest.discover(fixture(GOOD), *KNOWN)
        [step] = b.steps
        self.assertEqual(step.run, ["bindings/fx/test.sh"])
        self.assertEqual(step.suites["other"].na, {"one", "two"})
        self.assertEqual(step.suites["other"].same_as, "main")

    def refused(self, text, fragment):
        with self.assertRaises(manifest.ManifestError) as e:
            manifest.discover(fixture(text), *KNOWN)
        self.assertIn(fragment, str(e.exception))

    def test_unknown_keys_are_refused(self):
        self.refused(GOOD + "colour = 1\n", "unknown key")
        self.refused(GOOD.replace('tools = ["apt"]', 'tols = ["apt"]'), "unknown key")
        self.refused(GOOD.replace('same-as = "main"', 'same_as = "main"'), "unknown key")

    def test_wrong_name_service_tool_and_base_are_refused(self):
        self.refused(GOOD.replace('name = "fx"', 'name = "other"', 1), "folder's name")
        self.refused(GOOD.replace('"sim"', '"redis"'), "unknown service")
        self.refused(GOOD.replace('["apt"]', '["brew"]'), "unknown tool")
        self.refused(GOOD.replace('"c-abi"', '"cobol"'), "builds-on")

    def test_version_file_of_its_own_needs_a_pattern_with_a_group(self):
        self.refused(GOOD.replace('builds-on = "c-abi"', 'builds-on = "c-abi"\nversion = "bindings/fx/test.sh"'), "needs a pattern")
        table = 'builds-on = "c-abi"\n[version]\nfile = "bindings/fx/test.sh"\npattern = "^#!(.*)"\n'
        root = fixture(GOOD.replace('builds-on = "c-abi"', table))
        [b] = manifest.discover(root, *KNOWN)
        self.assertEqual(b.version.found(root), "/bin/sh")
        self.refused(GOOD.replace('builds-on = "c-abi"', table.replace("^#!(.*)", "^#!.*")), "needs a group")

    def test_missing_na_list_and_unknown_reference_are_refused(self):
        self.refused(GOOD.replace("tests/na/x.txt", "tests/na/none.txt"), "does not exist")
        self.refused(GOOD.replace('same-as = "main"', 'same-as = "nope"'), "not a suite of this step")

    def test_chroots_are_the_declared_ones_and_the_steps_own(self):
        text = GOOD.replace('tools = ["apt"]', 'tools = ["apt"]\n'
                            'chroots = [{ suite = "sid", packages = ["b", "a"] }, { suite = "trixie" }]\n'
                            'chroot = { suite = "sid", packages = ["godot"] }')
        [b] = manifest.discover(fixture(text), *KNOWN)
        step = plan.from_spec(b.steps[0], b.lane)
        self.assertEqual(step.chroots, [("sid", ("b", "a")), ("trixie", ()), ("sid", ("godot",))])
        self.assertEqual(step.needs(), ["apt", "chroot sid b,a", "chroot trixie", "chroot sid godot"])
        self.refused(GOOD.replace('tools = ["apt"]', 'tools = ["apt"]\nchroots = [{ packages = ["x"] }]'), "`suite`")
        self.refused(GOOD.replace('tools = ["apt"]', 'tools = ["apt"]\nchroots = [{ suite = "sid", pkgs = ["x"] }]'), "unknown key")


if __name__ == "__main__":
    unittest.main()
