#!/usr/bin/env bash
# Builds the static site into web/dist/: the save page (index.html), the match companion
# (play.html), their scripts and styles, and two builds of the one WebAssembly crate:
#   quadmist_web_bg.wasm   the save page's (--no-default-features: no match engine, smaller)
#   quadmist_play_bg.wasm  the companion's (the `play` feature: the match and its adviser)
# Every file also gets its precompressed .gz and .br beside it, for a server that serves them.
# On a fresh machine it first installs what it needs: the wasm32 target, wasm-bindgen-cli at the
# exact version of the wasm-bindgen crate (the two must match), and the npm packages (npm ci).
# Usage: bash web/build.sh             (from anywhere)
#        bash web/build.sh --tools     only installs what the build needs
#        bash web/build.sh --bindgen   only installs wasm-bindgen-cli (.ci/run does it early)
#        bash web/build.sh --wasm      only compiles (the first build: most of the work, and it
#                                      needs nothing but the wasm32 target; .ci/run starts it at
#                                      once, beside the installs)
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
cd "$web"
# The version pinned in web/Cargo.toml (`wasm-bindgen = "=X"`).
wbg="$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' Cargo.toml)"

# wasm-bindgen-cli at that version, when it is not installed.
install_bindgen() {
    if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $wbg" ]; then
        # Not --locked: one of the CLI's locked dependency versions is missing from some registry
        # mirrors; the CLI's own version is what must match. Only the `wasm-bindgen` binary, and
        # without TLS (its default feature, for the test runner's downloads): a shorter build.
        # Unoptimised (opt-level 0, no debug information): a third of the CPU time of an
        # optimised build; it writes the same bindings, byte for byte, in about a second more
        # per build.
        CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG=0 \
            cargo install wasm-bindgen-cli --version "$wbg" --bin wasm-bindgen --no-default-features
    fi
}
if [ "${1:-}" = --bindgen ]; then
    install_bindgen
    exit 0
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
target="${CARGO_TARGET_DIR:-$root/target}"
wasm="$target/wasm32-unknown-unknown/wasm/quadmist_web.wasm"
# The crate built for the browser (the `wasm` profile), with cargo FEATURES: the save page's
# without the match engine (--no-default-features), the companion's with it. The two share all
# but the crate's own last step, and their output, $wasm: each redoes that step after the other
# ran, so each runs right before its bindings are made.
compile() {
    cargo build --manifest-path "$root/Cargo.toml" -p quadmist-web --target wasm32-unknown-unknown \
        --profile wasm "$@"
}
if [ "${1:-}" = --wasm ]; then
    # The first of the two: all they share (the dependencies, the library), and its own last step,
    # which the whole build then finds current.
    compile --no-default-features
    exit 0
fi
install_bindgen
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
fi
if [ "${1:-}" = --tools ]; then
    exit 0
fi

# One build of the crate: cargo FEATURES, then its bindings into DIR as NAME.js and NAME_bg.wasm,
# optimised by Binaryen's wasm-opt (the npm package, so nothing else to install: about a tenth
# less to download, gzipped; the features are those rustc's wasm32 target emits).
bindings() {
    local dir="$1" name="$2"
    shift 2
    compile "$@"
    rm -rf "$dir"
    wasm-bindgen --target web --out-dir "$dir" --out-name "$name" "$wasm"
    npx --no-install wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
        --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$dir/${name}_bg.wasm" -o "$dir/${name}_bg.wasm"
}
bindings pkg quadmist_web --no-default-features
bindings pkg-play quadmist_play
npx --no-install tsc --noEmit -p .
node scripts/bundle.mjs
echo "web/dist/: $(du -sh --exclude='*.gz' --exclude='*.br' dist | cut -f1) (and each file precompressed)," \
    "open web/dist/index.html through a web server"
