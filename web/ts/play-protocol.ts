// The match companion's messages (its page, its adviser's worker, the WebAssembly): generated
// from the Rust types (web/src/play_protocol.rs → ts/gen/play-protocol.ts, checked current by
// `cargo test -p quadmist-web`). The scripts only wire them: what a message means is decided
// in Rust.

export * from "./gen/play-protocol.js";
