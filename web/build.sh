#!/usr/bin/env bash
# Builds the static site into web/dist/ (index.html, the scripts, the styles, the WebAssembly).
# On a fresh machine it first installs what it needs: the wasm32 target, wasm-bindgen-cli at the
# exact version of the wasm-bindgen crate (the two must match), and the npm packages (npm ci).
# Usage: bash web/build.sh   (from anywhere)
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
cd "$web"
# The version pinned in web/Cargo.toml (`wasm-bindgen = "=X"`).
wbg="$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' Cargo.toml)"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $wbg" ]; then
    # Not --locked: one of the CLI's locked dependency versions is missing from some registry
    # mirrors; the CLI's own version is what must match.
    cargo install wasm-bindgen-cli --version "$wbg"
fi
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
fi

target="${CARGO_TARGET_DIR:-$root/target}"
cargo build --manifest-path "$root/Cargo.toml" -p quadmist-web --target wasm32-unknown-unknown \
    --profile wasm
rm -rf pkg
wasm-bindgen --target web --out-dir pkg "$target/wasm32-unknown-unknown/wasm/quadmist_web.wasm"
# Binaryen's optimiser (the npm package, so nothing else to install): about a tenth less to
# download, gzipped. The features are those rustc's wasm32 target emits.
npx --no-install wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    pkg/quadmist_web_bg.wasm -o pkg/quadmist_web_bg.wasm
npx --no-install tsc --noEmit -p .
node scripts/bundle.mjs
echo "web/dist/: $(du -sh dist | cut -f1), open web/dist/index.html through a web server"
