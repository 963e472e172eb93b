"""Parlor: board games for friends, rules engines in pure Python."""
