// The match companion's adviser: the library's search in WebAssembly, off the page's thread so
// that taps are answered while it searches. It answers twice: after a short search, so that
// the player sees advice at once, then after the whole budget. The page ends this worker when
// the position changes (a search cannot be interrupted otherwise) and starts another.

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
  const options = JSON.parse(m.options) as { budget_ms: number };
  const budgets =
    m.quick_ms > 0 && options.budget_ms > m.quick_ms ? [m.quick_ms, options.budget_ms] : [options.budget_ms];
  for (const [k, budget] of budgets.entries()) {
    const start = performance.now();
    const advice = advise(m.session, JSON.stringify({ ...options, budget_ms: budget }));
    // An exact answer (the search reached the end of the match) is not bettered.
    let exact = false;
    try {
      exact = (JSON.parse(advice) as { exact?: boolean }).exact === true;
    } catch {
      exact = true;
    }
    const last = k === budgets.length - 1 || exact;
    const reply: AdviceReply = {
      id: m.id,
      session: m.session,
      advice,
      ms: performance.now() - start,
      final: last,
    };
    postMessage(reply);
    if (last) return;
  }
};
