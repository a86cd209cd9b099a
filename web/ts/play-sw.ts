// The match companion's service worker: keeps the companion's files so that play.html opens
// and plays with no network after one visit. Network first (a new build is seen at once when
// online), the kept copy when the network fails or takes longer than a few seconds. Its scope
// is the companion's files (`./play`); it never sends anything anywhere, and fetches only
// what the page asks for from its own origin.

const sw = self as unknown as ServiceWorkerGlobalScope;
const CACHE = "quadmist-play";
/** How long the network may take before the kept copy is used. */
const PATIENCE_MS = 4000;

sw.addEventListener("install", () => {
  void sw.skipWaiting();
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(sw.clients.claim());
});

// The page names the files it loaded (they were fetched before this worker was in charge):
// each is fetched and kept, then the page is told.
sw.addEventListener("message", (event) => {
  const data = event.data as { keep?: string[] } | null;
  const files = (data?.keep ?? []).filter((u) => new URL(u).origin === sw.location.origin);
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.allSettled(files.map((u) => cache.add(new Request(u, { cache: "reload" }))));
      event.ports[0]?.postMessage({ kept: files.length });
    })(),
  );
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith(networkFirst(request));
});

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("slow")), PATIENCE_MS)),
    ]);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    const kept = await cache.match(request, { ignoreSearch: true });
    return kept ?? Response.error();
  }
}
