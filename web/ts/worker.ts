// The Web Worker: loads the library (WebAssembly) once and answers the page's requests, so
// that decoding and planning never block the page.

import init, { Page } from "../pkg/quadmist_web.js";
import type { Added, Envelope, Reply, Request } from "./protocol.js";

const ready = init({ module_or_path: new URL("./quadmist_web_bg.wasm", import.meta.url) });
let page: Page | null = null;

/** A rendering's small JSON answer, with its HTML (handed over apart) unless it failed. */
function withHtml(answer: string, p: Page): object {
  const parsed = JSON.parse(answer) as object;
  return "error" in parsed ? parsed : { ...parsed, html: p.take_html() };
}

function answer(request: Request, p: Page): unknown {
  switch (request.kind) {
    case "add": {
      const added = request.files.map((f) => p.add(f.name, f.size, f.bytes ?? undefined));
      const out: Added = { added, saves: JSON.parse(p.saves()), filesHtml: p.files_html() };
      return out;
    }
    case "sample": {
      const out: Added = { added: [p.add_sample()], saves: JSON.parse(p.saves()), filesHtml: p.files_html() };
      return out;
    }
    case "view":
      return withHtml(p.view(request.file, request.save), p);
    case "card":
      return withHtml(p.card(request.file, request.save, request.id), p);
    case "report":
      return withHtml(p.report(request.file, request.save), p);
    case "diff":
      return withHtml(p.diff(request.old[0], request.old[1], request.new[0], request.new[1]), p);
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

/** Runs the library once on the built-in sample, so that the first save a player drops runs
 * code the engine has already compiled (WebAssembly functions compile on their first call). */
function warmUp(): void {
  const p = new Page();
  const file = p.add_sample();
  p.view(file, "1");
  p.take_html();
  p.free();
}

// Tells the page the library is loaded and warm (nothing is fetched after this).
ready.then(
  () => {
    warmUp();
    postMessage({ id: 0, answer: "ready" } satisfies Reply);
  },
  (e: unknown) => postMessage({ id: 0, crash: String(e) } satisfies Reply),
);
