"""PyScript entry point: hand the page to the app."""
from parlor.app import start

start()
