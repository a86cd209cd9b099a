// The match companion's adviser: the library's search in WebAssembly, off the page's thread so
// that taps are answered while it searches. It answers twice: after a short search, so that
// the player sees advice at once, then after the whole budget (the library says which answer
// is the last). The page ends this worker when the position changes (a search cannot be
// interrupted otherwise) and starts another.

import init, { advise_step } from "../pkg-play/quadmist_play.js";
import type { AdviceReply, AdviceRequest, WorkerStart } from "./play-protocol.js";

let ready: Promise<unknown> | null = null;

self.onmessage = async (event: MessageEvent<WorkerStart | AdviceRequest>) => {
  const m = event.data;
  if ("module" in m) {
    ready = init({ module_or_path: m.module });
    return;
  }
  await ready;
  const request = JSON.stringify(m);
  for (let step = 0; step < 2; step++) {
    const reply = JSON.parse(advise_step(request, step)) as AdviceReply;
    postMessage(reply);
    if (reply.final) return;
  }
};
