"""hacktable: a digital table for hacker-themed tabletop games."""

__version__ = "0.1.0"
