"""Serve a built site as a good static host does: precompressed files and caching headers.

    python tools/serve.py [DIRECTORY] [--port 8000] [--max-age 600]

For a request that accepts brotli (or gzip) and a file that has a `.br` (or `.gz`) twin beside
it, the twin is sent with `Content-Encoding` and `Vary: Accept-Encoding`, as nginx's
`brotli_static`/`gzip_static` and Caddy's `precompressed` do. Every response carries
`Cache-Control: max-age=N` (a static host's default; sw.js always `no-cache`). The e2e tests
and bench/startup.py use `serve()` from here, so they see what a host sends.
"""
from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import http.server
import os
import threading
import time
from pathlib import Path

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".webmanifest": "application/manifest+json", ".json": "application/json",
         ".zip": "application/zip", ".py": "text/plain; charset=utf-8",
         ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".bin": "application/octet-stream"}
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


class Handler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with precompressed twins, Cache-Control and a request log."""

    max_age = 600
    log: list | None = None          # if a list: (path, status, encoding, bytes) per response
    rate: int | None = None          # if set: bytes per second per response (a slow network)
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()   # directory redirects and 404s as usual
        accepted = {part.split(";")[0].strip()
                    for part in self.headers.get("Accept-Encoding", "").split(",")}
        encoding, body = None, path
        for name, suffix in ENCODINGS:
            twin = path.with_name(path.name + suffix)
            if name in accepted and twin.is_file():
                encoding, body = name, twin
                break
        stat = path.stat()
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self._common_headers(path, stat)
                    self.end_headers()
                    self._record(304, encoding, 0)
                    return None
        handle = open(body, "rb")
        size = os.fstat(handle.fileno()).st_size
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(size))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self._common_headers(path, stat)
        self.end_headers()
        self._record(200, encoding, size)
        return handle

    def _common_headers(self, path: Path, stat) -> None:
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        cache = "no-cache" if path.name == "sw.js" else f"public, max-age={self.max_age}"
        self.send_header("Cache-Control", cache)

    def _record(self, status: int, encoding, size: int) -> None:
        if self.log is not None:
            self.log.append((self.path.split("?")[0], status, encoding, size))

    def copyfile(self, source, outputfile):
        if not self.rate:
            return super().copyfile(source, outputfile)
        chunk = max(1, self.rate // 10)
        while block := source.read(chunk):
            outputfile.write(block)
            outputfile.flush()
            time.sleep(len(block) / self.rate)

    def send_error(self, code, message=None, explain=None):
        self._record(code, None, 0)
        super().send_error(code, message, explain)

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(directory: Path, max_age: int = 600, log: list | None = None, port: int = 0,
          rate: int | None = None):
    """Serve `directory` on loopback (a free port unless given); yields the base URL."""
    handler = type("SiteHandler", (Handler,), {"max_age": max_age, "log": log, "rate": rate})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", default=Path(__file__).resolve().parent.parent / "dist")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--max-age", type=int, default=600)
    args = parser.parse_args()
    with serve(Path(args.directory), args.max_age, port=args.port) as url:
        print(f"Parlor: {url.replace('127.0.0.1', 'localhost')} (Ctrl-C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()
