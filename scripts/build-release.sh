#!/usr/bin/env bash
# Builds the binaries players download, with the `dist` profile (optimised across crates):
#   target/x86_64-unknown-linux-gnu/dist/quadmist      Linux x86-64, statically linked
#   target/x86_64-pc-windows-gnu/dist/quadmist.exe     Windows x86-64
# and prints each one's size. On a fresh Debian machine it first installs what it needs and is
# missing: the Windows target of the standard library (rustup) and MinGW-w64, its linker (apt,
# as root or through sudo). macOS binaries are built on a macOS runner by the release workflow.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends gcc-mingw-w64-x86-64
fi
if ! rustup target list --installed | grep -qx x86_64-pc-windows-gnu; then
    rustup target add x86_64-pc-windows-gnu
fi

# MinGW's gcc links the Windows binary (Rust's default for this target, named here so that a
# linker set elsewhere for it cannot slip in).
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc

# The shipping profile (Cargo.toml), the one `cargo static-build` builds with.
profile=dist

# Both targets in one cargo run: the last step of each (the crate in one code unit, then the
# link-time optimisation of the whole program) runs on one processor, and the two overlap. The
# alias's flag for a static binary stays on its own target.
cargo static-build --locked --target x86_64-pc-windows-gnu

for bin in "target/x86_64-unknown-linux-gnu/$profile/quadmist" \
    "target/x86_64-pc-windows-gnu/$profile/quadmist.exe"; do
    bytes=$(stat -c %s "$bin")
    printf '%-48s %9d bytes (%s MiB)\n' "$bin" "$bytes" \
        "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')"
done
