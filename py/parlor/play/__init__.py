"""Play on one device: the hot-seat session, saved games and the computer opponent."""
