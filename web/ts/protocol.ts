// The messages between the page and its worker: generated from the Rust types
// (web/src/protocol.rs → ts/gen/protocol.ts, checked current by `cargo test -p quadmist-web`).
// The page's script only wires them: what a request means is decided in Rust.

export * from "./gen/protocol.js";
