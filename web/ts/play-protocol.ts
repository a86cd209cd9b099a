// The messages between the match companion and its adviser's worker.

/** The first message to a new worker: the compiled library, so it starts without a fetch. */
export interface WorkerStart {
  module: WebAssembly.Module;
}

/** Search the stored match `session` with the adviser's `options` (JSON). */
export interface AdviceRequest {
  id: number;
  session: string;
  options: string;
}

/** The adviser's answer (the library's JSON) for the request `id` on `session`. */
export interface AdviceReply {
  id: number;
  session: string;
  advice: string;
  ms: number;
}
