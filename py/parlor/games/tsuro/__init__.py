"""Tsuro: rules, view, board and play by link. Kept light: importing it loads nothing."""
