// The messages between the page and its worker (the worker holds the WebAssembly library and
// the dropped files; the page only shows what it answers).

/** A file handed to the worker: its bytes, or none when it is too large to read. */
export interface FileIn {
  name: string;
  size: number;
  bytes: Uint8Array | null;
}

/** One save of the dropped files. */
export interface SaveItem {
  file: number;
  selector: string;
  ff9: boolean;
  label: string;
}

export type Request =
  | { kind: "add"; files: FileIn[] }
  | { kind: "sample" }
  | { kind: "view"; file: number; save: string }
  | { kind: "card"; file: number; save: string; id: number }
  | { kind: "report"; file: number; save: string }
  | { kind: "diff"; old: [number, string]; new: [number, string] };

/** The worker's answers, by request kind. */
export interface Added {
  /** The indices the new files got. */
  added: number[];
  saves: SaveItem[];
  filesHtml: string;
}
export interface Failure {
  error: string;
}
export interface ViewOk {
  html: string;
  points: number;
  card_count: number;
  title: string;
}
export interface ExportOk {
  html: string;
  file_name: string;
}
export interface DiffOk {
  html: string;
}
export type Answer<R extends Request> = R extends { kind: "add" | "sample" }
  ? Added
  : R extends { kind: "view" }
    ? ViewOk | Failure
    : R extends { kind: "report" }
      ? ExportOk | Failure
      : DiffOk | Failure; // a diff or an album card's panel: HTML

/** A request with its id, as posted to the worker. */
export interface Envelope {
  id: number;
  request: Request;
}

/** The worker's reply: the answer, or the message of an exception in the worker. */
export type Reply = { id: number; answer: unknown } | { id: number; crash: string };

/** Largest file read (the library's MAX_FILE_SIZE): a larger one is refused unread. */
export const MAX_FILE_SIZE = 16 * 1024 * 1024;
