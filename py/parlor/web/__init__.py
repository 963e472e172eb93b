"""The browser side: the only package that touches the page (js, pyodide.ffi)."""
