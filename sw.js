// Parlor's service worker: precache the built site, serve it cache-first, drop old caches.
// The build replaces the placeholder below with the file lists and version of that build.
const BUILD = self.BUILD_INFO;
const APP_CACHE = `parlor-app-${BUILD.version}`;
const RUNTIME_CACHE = `parlor-runtime-${BUILD.runtimeVersion}`;

async function tellPages(message) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

// Fetch one runtime file, reporting bytes as they arrive so the page can show real progress.
async function fetchCounted(url, progress) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress(value.byteLength);
  }
  return new Response(new Blob(chunks), { status: response.status, headers: response.headers });
}

async function precache() {
  const [app, runtime] = await Promise.all([caches.open(APP_CACHE), caches.open(RUNTIME_CACHE)]);
  const missing = [];
  for (const file of BUILD.runtime) if (!(await runtime.match(file.url))) missing.push(file);
  const total = missing.reduce((sum, file) => sum + file.size, 0);
  let loaded = 0;
  const report = (bytes) => {
    loaded += bytes;
    tellPages({ type: "parlor:download", loaded, total });
  };
  await Promise.all([
    app.addAll(BUILD.shell.map((url) => new Request(url, { cache: "no-cache" }))),
    ...missing.map(async (file) => runtime.put(file.url, await fetchCounted(file.url, report))),
  ]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("parlor-") && name !== APP_CACHE && name !== RUNTIME_CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

async function respond(request) {
  const cached = await caches.match(request, { ignoreSearch: request.mode === "navigate" });
  if (cached) return cached;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      (await caches.open(APP_CACHE)).put(request, response.clone());
    }
    return response;
  } catch (error) {
    if (request.mode === "navigate") {
      const page = await caches.match("./");
      if (page) return page;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});
