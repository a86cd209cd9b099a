#!/usr/bin/env bash
# Whole-process timings of every data command against `cat` of the same file (issues 11.8, 12).
#
# Prints one table: command × file, median milliseconds, ratio to the median of `cat FILE`.
# Run on an idle machine (the load average is printed first); not run by CI.
#
#   scripts/measure-commands.sh [BINARY]
#
# BINARY defaults to the shipped Linux build, `cargo dist` (statically linked; see
# .cargo/config.toml), built first; elsewhere to target/release/quadmist.
#
# Environment: RUNS (default 60), WARMUP (default 10). COUNT=instructions prints instruction
# counts (valgrind callgrind, independent of the machine's load) instead of times.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-}
if [ -z "$BIN" ]; then
    if [ "$(uname -sm)" = "Linux x86_64" ]; then
        cargo dist --quiet
        BIN=target/x86_64-unknown-linux-gnu/release/quadmist
    else
        cargo build --release --quiet
        BIN=target/release/quadmist
    fi
fi
RUNS=${RUNS:-60}
WARMUP=${WARMUP:-10}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# file|save selector ("" when the file holds one save or the command picks one)|card slot for odds
FILES=(
    "fixtures/ff9-three-saves.mcr|1|2"
    "../shared/data/real/psx-ff9/usa.mcr||1"
    "../shared/data/real/steam/SavedData_ww.dat|1-1|1"
)

median_ms() { jq '.results[0].median * 1000' "$1"; }

# Instructions of one run (all of the process: loader, clap, reading, work, output).
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$OUT/cg" "$@" >/dev/null 2>"$OUT/cg.err" || true
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$OUT/cg.err"
}

if [ "${COUNT:-}" = instructions ]; then
    printf '%-10s %-22s %12s %7s\n' command file instructions x_cat
    for spec in "${FILES[@]}"; do
        IFS='|' read -r file save slot <<<"$spec"
        [ -f "$file" ] || { echo "missing $file: skipped" >&2; continue; }
        name=$(basename "$file")
        sel=()
        [ -n "$save" ] && sel=(--save "$save")
        base=$(instructions cat "$file")
        printf '%-10s %-22s %12d %7.2f\n' cat "$name" "$base" 1
        for label in saves cards score plan album odds report; do
            case $label in
                saves) args=(saves "$file") ;;
                odds) args=(odds "$file" "${sel[@]}" --card "$slot" 0P00) ;;
                report) args=(report "$file" "${sel[@]}" -o "$OUT/report.html") ;;
                *) args=("$label" "$file" "${sel[@]}") ;;
            esac
            n=$(instructions "$BIN" "${args[@]}" -q)
            printf '%-10s %-22s %12d %7.2f\n' "$label" "$name" "$n" "$(echo "$n / $base" | bc -l)"
        done
    done
    exit 0
fi

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   binary: $BIN   runs: $RUNS"
printf '%-10s %-22s %9s %7s\n' command file median_ms x_cat
for spec in "${FILES[@]}"; do
    IFS='|' read -r file save slot <<<"$spec"
    [ -f "$file" ] || { echo "missing $file: skipped" >&2; continue; }
    name=$(basename "$file")
    sel=()
    [ -n "$save" ] && sel=(--save "$save")
    hyperfine -N -w "$WARMUP" -r "$RUNS" --export-json "$OUT/cat.json" \
        "cat $file" >/dev/null 2>&1
    base=$(median_ms "$OUT/cat.json")
    printf '%-10s %-22s %9.3f %7.2f\n' cat "$name" "$base" 1
    commands=(
        "saves|$BIN saves $file"
        "cards|$BIN cards $file ${sel[*]}"
        "score|$BIN score $file ${sel[*]}"
        "plan|$BIN plan $file ${sel[*]}"
        "album|$BIN album $file ${sel[*]}"
        "odds|$BIN odds $file ${sel[*]} --card $slot 0P00"
        "report|$BIN report $file ${sel[*]} -o $OUT/report.html"
    )
    for c in "${commands[@]}"; do
        label=${c%%|*}
        cmd=${c#*|}
        # -q: findings are not what is measured (they go to stderr either way).
        hyperfine -N -w "$WARMUP" -r "$RUNS" --export-json "$OUT/c.json" \
            "$cmd -q" >/dev/null 2>&1 || { echo "$label $name: failed: $cmd" >&2; continue; }
        ms=$(median_ms "$OUT/c.json")
        printf '%-10s %-22s %9.3f %7.2f\n' "$label" "$name" "$ms" "$(echo "$ms / $base" | bc -l)"
    done
done
