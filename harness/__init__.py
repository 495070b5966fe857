"""The test harness: one program runs every step of the test command, times it, starts and stops
the services it needs, installs the tools it needs, and judges it from result files alone."""
