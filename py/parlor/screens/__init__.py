"""The app's screens as HTML text, drawn from catalog metadata, views and sessions."""
