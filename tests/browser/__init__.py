"""End-to-end tests: real browsers (Debian's chromium, driven by Playwright) against a real
hacktable server process."""
