// The Web Worker: loads the library (WebAssembly) once and answers the page's requests, so
// that decoding and planning never block the page.

import init, { Page } from "../pkg/quadmist_web.js";
import type { Added, Envelope, Reply, Request } from "./protocol.js";

const ready = init({ module_or_path: new URL("./quadmist_web_bg.wasm", import.meta.url) });
let page: Page | null = null;

function answer(request: Request, p: Page): unknown {
  switch (request.kind) {
    case "add": {
      const added = request.files.map((f) => p.add(f.name, f.size, f.bytes ?? undefined));
      const out: Added = { added, saves: JSON.parse(p.saves()), filesHtml: p.files_html() };
      return out;
    }
    case "view":
      return JSON.parse(p.view(request.file, request.save));
    case "report":
      return JSON.parse(p.report(request.file, request.save));
    case "diff":
      return JSON.parse(p.diff(request.old[0], request.old[1], request.new[0], request.new[1]));
  }
}

self.onmessage = async (event: MessageEvent<Envelope>) => {
  const { id, request } = event.data;
  let reply: Reply;
  try {
    await ready;
    page ??= new Page();
    reply = { id, answer: answer(request, page) };
  } catch (e) {
    // A trap in the library leaves its memory undefined: the next request starts afresh.
    page = null;
    reply = { id, crash: String(e) };
  }
  postMessage(reply);
};

// Tells the page the library is loaded (nothing is fetched after this).
ready.then(
  () => postMessage({ id: 0, answer: "ready" } satisfies Reply),
  (e: unknown) => postMessage({ id: 0, crash: String(e) } satisfies Reply),
);
