"""Plainly written brute forces the tests compare the solvers against (no code shared with them)."""
