"""The rules-engine contract and deterministic randomness every game builds on."""
