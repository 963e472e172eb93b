"""Tod dem Tyrannen!: rules, view, board, bot and play by link. Kept light: importing it
loads nothing."""
