#!/usr/bin/env bash
# The newcomer's first build, measured: for each git revision given, a fresh clone of this
# repository builds `cargo build --release --timings` from nothing (its own target folder),
# then `scripts/timings.py` compares the reports (units, CPU, wall, the crate's wait), the first
# revision being the baseline. Also prints each build's process CPU time (user + sys), which a
# busy machine disturbs less than wall times.
#
#   scripts/build-timings.sh [--test] [--downloads] REV [REV...]
#   scripts/build-timings.sh 194779d main
#
# --test       also time a cold `cargo test --no-run --timings` of each revision (the README's
#              second command, tests built but not run), in a target folder of its own, with a
#              table of its own.
# --downloads  start each build with an empty CARGO_HOME, so the crates are downloaded as on
#              a fresh machine (needs the network); otherwise the registry cache is used.
#
# Run on a quiet machine: the builds run one after the other. Reports and logs are kept in
# $OUT (default: a new folder under /tmp), printed at the end.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
test=false
downloads=false
revs=()
for a in "$@"; do
    case $a in
        --test) test=true ;;
        --downloads) downloads=true ;;
        -*) echo "unknown option $a" >&2; exit 2 ;;
        *) revs+=("$a") ;;
    esac
done
[ ${#revs[@]} -gt 0 ] || { sed -n '2,18p' "$0"; exit 2; }
OUT=${OUT:-$(mktemp -d /tmp/build-timings.XXXXXX)}
mkdir -p "$OUT"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); results in $OUT"

reports=()
test_reports=()
for rev in "${revs[@]}"; do
    name=$(git -C "$repo" rev-parse --short "$rev")
    src="$OUT/$name/quadmist"
    rm -rf "${OUT:?}/$name"
    mkdir -p "$OUT/$name"
    git clone --quiet "$repo" "$src"
    git -C "$src" checkout --quiet "$name"
    # The tests read ../shared: lay it beside the clone as it lies beside this checkout.
    [ -e "$repo/../shared" ] && ln -s "$(cd "$repo/../shared" && pwd)" "$OUT/$name/shared"
    env=(CARGO_TARGET_DIR="$OUT/$name/target")
    if $downloads; then env+=(CARGO_HOME="$OUT/$name/cargo-home"); fi
    (cd "$src" && env "${env[@]}" /usr/bin/time -f "%e %U %S" -o "$OUT/$name/build.time" \
        cargo build --release --locked --timings >"$OUT/$name/build.log" 2>&1)
    cp "$OUT/$name"/target/cargo-timings/cargo-timing.html "$OUT/$name.html"
    reports+=("$OUT/$name.html")
    read -r wall user sys <"$OUT/$name/build.time"
    printf '%s: cargo build --release: %s s wall, %s s CPU (user %s + sys %s)\n' \
        "$name" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$user" "$sys"
    if $test; then
        env=(CARGO_TARGET_DIR="$OUT/$name/target-test")
        if $downloads; then env+=(CARGO_HOME="$OUT/$name/cargo-home"); fi
        (cd "$src" && env "${env[@]}" /usr/bin/time -f "%e %U %S" -o "$OUT/$name/test.time" \
            cargo test --locked --no-run --timings >"$OUT/$name/test.log" 2>&1)
        cp "$OUT/$name"/target-test/cargo-timings/cargo-timing.html "$OUT/$name-test.html"
        test_reports+=("$OUT/$name-test.html")
        read -r wall user sys <"$OUT/$name/test.time"
        printf '%s: cargo test --no-run: %s s wall, %s s CPU (user %s + sys %s)\n' \
            "$name" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$user" "$sys"
    fi
done
echo "cargo build --release --timings:"
python3 "$repo/scripts/timings.py" "${reports[@]}"
if $test; then
    echo "cargo test --no-run --timings:"
    python3 "$repo/scripts/timings.py" "${test_reports[@]}"
fi
