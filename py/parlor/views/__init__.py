"""Board renderers: pure functions from an engine's view dict to SVG or HTML text."""
