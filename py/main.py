"""PyScript entry point: hand the page to the app."""
import js

js.performance.mark("parlor:main")   # PyScript's own start ends here (bench/startup.py)

from parlor.app import start  # noqa: E402

start()
