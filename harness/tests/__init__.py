"""The harness's own tests (step harness/self-test): `python3 -m harness.tests`."""
