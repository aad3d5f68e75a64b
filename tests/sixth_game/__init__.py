"""A sixth game that lives entirely in this folder, registered only by its tests: the proof
that a game is one folder (docs/architecture.md, "Adding a game")."""
