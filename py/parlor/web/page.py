"""Small helpers over the page: drawing in place, the title and badge, toasts, the language."""
import js
from pyodide.code import run_js
from pyodide.ffi import create_proxy, to_js

from .. import i18n
from ..i18n import _

LANGUAGE = "parlor.language"    # the language chosen on this device (boot.js reads it too)


def js_object(data: dict):
    """A plain JavaScript object with the entries of `data`."""
    return to_js(data, dict_converter=js.Object.fromEntries)


# The game screen is drawn again after every move and tap, and most of it stays the same (a
# Tyros map is some 300 elements): `update_in_place` changes only the elements that differ, so
# the others keep their layout and paint. At 4x CPU slowdown a Tyros screen takes about 16 ms
# a move instead of 36, and the next frame about 14 ms instead of 28. Screens with text fields
# are replaced whole (a kept field would keep what was typed in it).
update_in_place = run_js("""(() => {
  const CONTROLS = new Set(["INPUT", "SELECT", "TEXTAREA"]);   // replaced, never updated
  function merge(live, fresh) {
    const old = [...live.childNodes], now = [...fresh.childNodes];
    now.forEach((node, i) => {
      const here = old[i];
      if (!here) live.append(node);
      else if (here.isEqualNode(node)) return;
      else if (here.nodeType === Node.ELEMENT_NODE && here.nodeName === node.nodeName
               && !CONTROLS.has(here.nodeName)) element(here, node);
      else if (here.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) here.data = node.data;
      else here.replaceWith(node);
    });
    old.slice(now.length).forEach((node) => node.remove());
  }
  function element(live, fresh) {
    for (const { namespaceURI, localName } of [...live.attributes]) {
      if (!fresh.hasAttributeNS(namespaceURI, localName)) live.removeAttributeNS(namespaceURI, localName);
    }
    for (const { namespaceURI, localName, name, value } of fresh.attributes) {
      if (live.getAttributeNS(namespaceURI, localName) !== value) live.setAttributeNS(namespaceURI, name, value);
    }
    merge(live, fresh);
  }
  return (root, html) => {       // root's content becomes html
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    merge(root, fresh.content);
  };
})()""")


def show_count(turns: int) -> None:
    """How many games by link wait for this player's move: on the app's icon where the browser
    can badge it, and in the page title."""
    js.document.title = f"({turns}) Parlor" if turns else "Parlor"
    if hasattr(js.navigator, "setAppBadge"):
        badge = js.navigator.setAppBadge(turns) if turns else js.navigator.clearAppBadge()
        badge.catch(IGNORE)     # not installed, or not allowed: the title still says it


def page_base() -> str:
    """This page's address without its fragment: links are made from it."""
    return str(js.location.href).split("#", 1)[0]


def toast(text: str) -> None:
    """A short message at the bottom of the screen that goes away by itself."""
    box = js.document.getElementById("toast")
    box.textContent = text
    box.hidden = False
    js.setTimeout(HIDE_TOAST, 2500)


COPIED = create_proxy(lambda result: toast(_("Message and link copied: paste them into a chat.")))
COPY_FAILED = create_proxy(lambda error: toast(_("Select the link above and copy it.")))
IGNORE = create_proxy(lambda result: None)
HIDE_TOAST = create_proxy(lambda: setattr(js.document.getElementById("toast"), "hidden", True))


def speak(code: str) -> str:
    """Make `code` the language of the app and of the page (<html lang>); the one in use."""
    code = i18n.use(code)
    js.document.documentElement.lang = code
    return code


def device_language(backend) -> str:
    """The language chosen on this device (the pseudo-locale too, for tests), else the first
    of the browser's languages Parlor speaks, else English."""
    try:
        stored = backend.get(LANGUAGE)
    except Exception:           # storage refused to this page: follow the browser
        stored = None
    if stored and i18n.supported(stored):
        return stored
    try:
        wanted = [str(tag) for tag in js.navigator.languages]
    except Exception:           # no navigator.languages: the one navigator.language
        wanted = [str(getattr(js.navigator, "language", "") or "")]
    return i18n.choose(wanted)
