// The messages between the match companion and its adviser's worker.

/** The first message to a new worker: the compiled library, so it starts without a fetch. */
export interface WorkerStart {
  module: WebAssembly.Module;
}

/** Search the stored match `session` with the adviser's `options` (JSON), first for
 * `quick_ms` (an answer at once), then for the whole budget (`options.budget_ms`). */
export interface AdviceRequest {
  id: number;
  session: string;
  options: string;
  quick_ms: number;
}

/** One of the adviser's answers (the library's JSON) for the request `id` on `session`;
 * `final` when no better one follows. */
export interface AdviceReply {
  id: number;
  session: string;
  advice: string;
  ms: number;
  final: boolean;
}
