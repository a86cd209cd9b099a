// The Web Worker: loads the library (WebAssembly) once and answers the page's requests, so
// that decoding and planning never block the page. Every request goes to the library as it is
// (JSON); an addition's files go before it, as bytes.

import init, { Page } from "../pkg/quadmist_web.js";
import type { Answer, Envelope, Reply } from "./protocol.js";

const ready = init({ module_or_path: new URL("./quadmist_web_bg.wasm", import.meta.url) });
let page: Page | null = null;

self.onmessage = async (event: MessageEvent<Envelope>) => {
  const { id, request } = event.data;
  let reply: Reply;
  try {
    await ready;
    page ??= new Page();
    if (request.kind === "add") {
      for (const f of request.files) page.give(f.name, f.size, f.bytes ?? undefined);
    }
    const text = JSON.stringify(request.kind === "add" ? { kind: "add", files: [] } : request);
    const answer = JSON.parse(page.answer(text)) as Answer;
    reply = { id, answer, html: page.take_html() };
  } catch (e) {
    // A trap in the library leaves its memory undefined: the next request starts afresh.
    page = null;
    reply = { id, crash: String(e) };
  }
  postMessage(reply);
};

/** Runs the library once on the built-in sample, so that the first save a player drops runs
 * code the engine has already compiled (WebAssembly functions compile on their first call). */
function warmUp(): void {
  const p = new Page();
  p.answer(JSON.stringify({ kind: "sample" }));
  p.answer(JSON.stringify({ kind: "show", hash: "f=0&s=1" }));
  p.take_html();
  p.free();
}

// Tells the page the library is loaded and warm (nothing is fetched after this).
ready.then(
  () => {
    warmUp();
    postMessage({ id: 0, answer: { kind: "ready" }, html: "" } satisfies Reply);
  },
  (e: unknown) => postMessage({ id: 0, crash: String(e) } satisfies Reply),
);
