"""Tests for the ./Run companion (the seed's hacking website)."""
