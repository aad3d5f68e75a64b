"""The table server: lobby, seats, live views, deadlines and fan-out over the engine
contract. Nothing here names a game."""
