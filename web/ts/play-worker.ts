// The match companion's adviser: the library's search in WebAssembly, off the page's thread so
// that taps are answered while it searches. The page ends this worker when the position
// changes (a search cannot be interrupted otherwise) and starts another.

import init, { advise } from "../pkg-play/quadmist_play.js";
import type { AdviceReply, AdviceRequest, WorkerStart } from "./play-protocol.js";

let ready: Promise<unknown> | null = null;

self.onmessage = async (event: MessageEvent<WorkerStart | AdviceRequest>) => {
  const m = event.data;
  if ("module" in m) {
    ready = init({ module_or_path: m.module });
    return;
  }
  await ready;
  const start = performance.now();
  const advice = advise(m.session, m.options);
  const reply: AdviceReply = {
    id: m.id,
    session: m.session,
    advice,
    ms: performance.now() - start,
  };
  postMessage(reply);
};
