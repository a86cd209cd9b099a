// Generated from web/src/protocol.rs by `UPDATE_TS=1 cargo test -p quadmist-web typescript`: do not edit.
// The messages between the save page and its worker.

export type FileIn = { 
/**
 * The file's name (its last path component).
 */
name: string, 
/**
 * Its size in bytes.
 */
size: number, 
/**
 * Its bytes; `null` when it is too large to read.
 */
bytes: Uint8Array | null, };

export type Request = { "kind": "add", 
/**
 * The files, in the order picked.
 */
files: Array<FileIn>, } | { "kind": "sample" } | { "kind": "remove", 
/**
 * The file's number.
 */
file: number, } | { "kind": "clear" } | { "kind": "show", 
/**
 * The hash.
 */
hash: string, } | { "kind": "card", 
/**
 * The save's file.
 */
file: number, 
/**
 * The save's selector.
 */
save: string, 
/**
 * The card's id.
 */
id: number, } | { "kind": "copies", 
/**
 * The save's file.
 */
file: number, 
/**
 * The save's selector.
 */
save: string, } | { "kind": "report", 
/**
 * The save's file.
 */
file: number, 
/**
 * The save's selector.
 */
save: string, };

export type SaveItem = { 
/**
 * The file's number.
 */
file: number, 
/**
 * The save's selector (`1`, `1-2`, `auto` …), as `--save` takes it.
 */
save: string, 
/**
 * `file:save`, the value a comparison's choice carries.
 */
key: string, 
/**
 * A Final Fantasy IX save that holds a collection (only those can be shown).
 */
ff9: boolean, 
/**
 * The save in words: file, save, leader and level, disc, place, play time, points.
 */
label: string, };

export type Answer = { "kind": "ready" } | { "kind": "listed", 
/**
 * The numbers of the files just added.
 */
added: Array<number>, 
/**
 * Every save of every open file.
 */
saves: Array<SaveItem>, 
/**
 * How many saves and files are open, for the status line.
 */
status: string, 
/**
 * What went wrong, for the status line until the next addition or removal: each file
 * that cannot be read, named with why; each file already open. Empty when nothing did.
 */
notice: string, 
/**
 * The hash to show next: after an addition, the latest save of the first file added
 * (empty when none has one: the list); after a removal, the list.
 */
open: string, 
/**
 * A file added that cannot be read (its entry in the list shows why), to bring
 * into sight.
 */
problem: number | null, } | { "kind": "save", 
/**
 * `file:save`, what the view shows.
 */
shown: string, 
/**
 * The page's title.
 */
title: string, 
/**
 * For the status line.
 */
status: string, 
/**
 * Collector points.
 */
points: number, 
/**
 * Cards held.
 */
card_count: number, 
/**
 * The album card to open, by number (1 to 100), when the hash asked for one.
 */
card: number | null, 
/**
 * Where the sections after the album begin in the HTML, in UTF-16 code units (a
 * JavaScript string's index): the page puts in the header, the score and the album
 * first, and the rest once the album is painted.
 */
later_at: number, } | { "kind": "diff", 
/**
 * `file:save,file:save` as the hash named them.
 */
shown: string, 
/**
 * The page's title.
 */
title: string, 
/**
 * For the status line.
 */
status: string, } | { "kind": "list", 
/**
 * For the status line.
 */
status: string, } | { "kind": "html" } | { "kind": "report", 
/**
 * The file name.
 */
file_name: string, } | { "kind": "failure", 
/**
 * What was asked (`file:save` …), as `shown` would have been.
 */
shown: string, 
/**
 * The message, as `quadmist` prints it after `error: `.
 */
error: string, };

export type Envelope = { 
/**
 * The request's number (0 is the worker's own `ready`).
 */
id: number, 
/**
 * The request.
 */
request: Request, };

export type Reply = { 
/**
 * The request's number.
 */
id: number, 
/**
 * The answer.
 */
answer: Answer, 
/**
 * The HTML the answer shows.
 */
html: string, } | { 
/**
 * The request's number.
 */
id: number, 
/**
 * The exception's message.
 */
crash: string, };

/** Largest file read (the library's MAX_FILE_SIZE): a larger one is refused unread. */
export const MAX_FILE_SIZE = 16777216;
