// Parlor's service worker: keep the site for offline use and serve it cache-first.
// The build replaces the placeholder below with this build's version, snapshot cache name,
// shell (what the first paint needs) and files: {url, size, sent: {br, gzip}, hash, start} for
// every file a real first visit fetched (tools/first-visit.json; start: before it was ready).
//
// - First visit (no Parlor cache yet): install keeps only the shell and takes over the page at
//   once; the other files are kept as the page fetches them through this worker (each checked
//   against its hash), and the page asks for the rest ("parlor:top-up") once it is ready. So
//   the first start never waits for a whole precache, and nothing is downloaded twice.
// - Update (an older version is installed): install fetches every file this version needs
//   before it takes over: unchanged files are copied from the old cache (same hash), changed
//   ones downloaded. Then the old caches go. Saved games live in localStorage, untouched.
// - Download progress: bytes of listed files are counted as they arrive (page fetches and
//   top-up alike) and reported to the pages as {type: "parlor:download", loaded, total, sent,
//   left} (sent and left in bytes as the host sends them, compressed).
const BUILD = self.BUILD_INFO;
const CACHE = `parlor-${BUILD.version}`;
const FILES = new Map(BUILD.files.map((file) => [new URL(file.url, self.registration.scope).href, file]));
const HASH_HEADER = "X-Parlor-Hash";

async function tellPages(message) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

async function sha(buffer) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(bytes.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Progress over the files still to come: decoded bytes counted, priced as sent.
const progress = { files: new Map(), reported: 0 };

function expect(file) {
  if (!progress.files.has(file.url)) progress.files.set(file.url, { file, loaded: 0, encoding: "br" });
}

/** Count every file the page needs to start that is still missing, so the total is known at
 *  once and reaches 100 % when the page has all it needs (the rest comes with the top-up). */
async function expectMissing(cache) {
  if (progress.started) return;
  progress.started = true;
  for (const file of await missing(cache, BUILD.files.filter((f) => f.start))) expect(file);
}

function count(file, bytes, encoding) {
  const entry = progress.files.get(file.url);
  if (!entry) return;
  entry.loaded = Math.min(file.size, entry.loaded + bytes);
  if (encoding !== undefined) entry.encoding = encoding;
  const now = Date.now();
  if (now - progress.reported < 100 && entry.loaded < file.size) return;
  progress.reported = now;
  let loaded = 0, total = 0, sent = 0, left = 0;
  for (const { file: f, loaded: got, encoding: enc } of progress.files.values()) {
    const wire = f.sent[enc] ?? f.size;
    loaded += got;
    total += f.size;
    sent += wire;
    left += wire * (1 - got / f.size);
  }
  tellPages({ type: "parlor:download", loaded, total, sent: Math.round(sent), left: Math.round(left) });
}

/** Fetch a listed file (by default revalidating any HTTP-cached copy); its body counts
 *  towards the progress as it is read. */
async function download(file, request) {
  const response = await fetch(request ?? new Request(new URL(file.url, self.registration.scope), { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${file.url}: HTTP ${response.status}`);
  const encoding = response.headers.get("Content-Encoding") ?? "identity";
  const body = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      count(file, chunk.byteLength, encoding);
      controller.enqueue(chunk);
    },
  }));
  return { response, body };
}

async function keep(cache, file, response, body) {
  const blob = await new Response(body).blob();
  if ((await sha(await blob.arrayBuffer())) !== file.hash) {
    throw new Error(`${file.url} does not match this version (a deployment in progress?)`);
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  headers.set(HASH_HEADER, file.hash);
  await cache.put(new URL(file.url, self.registration.scope).href,
                  new Response(blob, { status: 200, headers }));
}

/** Network to cache, counted: for top-up and updates. On a first visit the shell was fetched
 *  by the page a moment ago: the HTTP cache may serve it, unless it is not this version's. */
async function fetchInto(cache, file, mode = "no-cache") {
  const url = new URL(file.url, self.registration.scope);
  try {
    const { response, body } = await download(file, new Request(url, { cache: mode }));
    await keep(cache, file, response, body);
  } catch (error) {
    if (mode === "no-cache") throw error;
    const { response, body } = await download(file, new Request(url, { cache: "no-cache" }));
    await keep(cache, file, response, body);
  }
}

async function oldCopy(file) {
  for (const name of await caches.keys()) {
    if (name === CACHE || !name.startsWith("parlor-") || name.startsWith("parlor-snapshot-")) continue;
    const old = await (await caches.open(name)).match(new URL(file.url, self.registration.scope).href);
    if (old && old.headers.get(HASH_HEADER) === file.hash) return old;
  }
  return null;
}

async function missing(cache, files) {
  const out = [];
  for (const file of files) {
    if (!(await cache.match(new URL(file.url, self.registration.scope).href))) out.push(file);
  }
  return out;
}

async function installFiles(files, mode) {
  const cache = await caches.open(CACHE);
  const todo = [];
  for (const file of await missing(cache, files)) {
    const old = await oldCopy(file);
    if (old) await cache.put(new URL(file.url, self.registration.scope).href, old);
    else todo.push(file);
  }
  if (mode === "no-cache") todo.forEach(expect);   // an update: counted; a first visit's shell: not
  await Promise.all(todo.map((file) => fetchInto(cache, file, mode)));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith("parlor-") && !n.startsWith("parlor-snapshot-"));
    const update = names.some((n) => n !== CACHE);
    const shell = new Set(BUILD.shell.map((url) => new URL(url, self.registration.scope).href));
    if (update) await installFiles(BUILD.files, "no-cache");
    else await installFiles(BUILD.files.filter((f) => shell.has(new URL(f.url, self.registration.scope).href)), "default");
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("parlor-") && name !== CACHE && name !== BUILD.snapshotCache) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type !== "parlor:top-up") return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const todo = await missing(cache, BUILD.files);
    todo.forEach(expect);
    let error = null;
    await Promise.all(todo.map((file) => fetchInto(cache, file).catch((e) => { error = e; })));
    event.source?.postMessage({ type: "parlor:cached", complete: !error, fetched: todo.length });
  })());
});

async function respond(event) {
  const { request } = event;
  const navigate = request.mode === "navigate";
  const url = navigate ? self.registration.scope : request.url.split("#")[0];
  const cache = await caches.open(CACHE);
  const cached = await cache.match(url, { ignoreSearch: navigate });
  if (cached) return cached;
  const file = FILES.get(url);
  try {
    if (!file) return await fetch(request);
    // A listed file not kept yet (first visit): pass it to the page as it arrives, keep a copy.
    await expectMissing(cache);
    const { response, body } = await download(file, navigate ? new Request(url) : request);
    const [page, copy] = body.tee();
    event.waitUntil(keep(cache, file, response, copy).catch((error) => console.warn("Parlor: not kept:", error)));
    const headers = new Headers(response.headers);
    headers.delete("Content-Encoding");
    headers.delete("Content-Length");
    return new Response(page, { status: response.status, statusText: response.statusText, headers });
  } catch (error) {
    if (navigate) {
      const page = await caches.match(self.registration.scope, { ignoreSearch: true });
      if (page) return page;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(event));
});
