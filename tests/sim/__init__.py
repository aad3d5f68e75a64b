"""Tests of the simulator, the generic bots and `hacktable simulate`."""
