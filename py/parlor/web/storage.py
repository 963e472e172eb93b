"""The page's localStorage as the backend of the app's stores."""
import js

from ..play.saves import StorageFull


class LocalStorage:
    """The Store backend over window.localStorage; a full store raises StorageFull."""

    def __init__(self):
        self.storage = js.window.localStorage

    def get(self, key):
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def set(self, key, text):
        try:
            self.storage.setItem(key, text)
        except Exception as err:  # a DOMException from the browser: QuotaExceededError
            raise StorageFull() from err

    def remove(self, key):
        self.storage.removeItem(key)

    def keys(self):
        return [self.storage.key(i) for i in range(self.storage.length)]
