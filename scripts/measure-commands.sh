#!/usr/bin/env bash
# Whole-process timings of every data command against `cat` of the same file: a command
# should cost little more than reading its file, and the ratio holds across machines.
#
# Prints one table: command × file, median milliseconds, ratio to the median of `cat FILE`.
# Run on an idle machine (the load average is printed first); not run by CI.
#
#   scripts/measure-commands.sh [BINARY]
#
# BINARY defaults to the shipped Linux build, `cargo static-build` (statically linked, the
# `dist` profile; see .cargo/config.toml), built first; elsewhere to target/dist/quadmist.
# To measure what `cargo run --release` builds: scripts/measure-commands.sh target/release/quadmist
#
# Environment: RUNS (default 60) per round, ROUNDS (default 5), WARMUP (default 10), ONLY (the
# commands to measure, by name; default all).
# COUNT=instructions prints instruction
# counts (valgrind callgrind, independent of the machine's load) instead of times.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-}
if [ -z "$BIN" ]; then
    if [ "$(uname -sm)" = "Linux x86_64" ]; then
        cargo static-build --quiet
        BIN=target/x86_64-unknown-linux-gnu/dist/quadmist
    else
        cargo build --profile dist --quiet
        BIN=target/dist/quadmist
    fi
fi
RUNS=${RUNS:-60}
ROUNDS=${ROUNDS:-5}
WARMUP=${WARMUP:-10}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# file|save selector ("" when the file holds one save or the command picks one)|card slot for
# odds|the save `diff` compares it with (the same when the file holds one)
FILES=(
    "fixtures/ff9-three-saves.mcr|1|2|2"
    "../shared/data/real/psx-ff9/usa.mcr||1|1"
    "../shared/data/real/steam/SavedData_ww.dat|1-1|1|1-2"
)

# The data commands' arguments, in `args`. `report` and `icon` write to standard output, which
# goes where cat's goes (/dev/null): generating is measured, not the file system's cost of a new
# file. `icon` only for PlayStation files (a PC or Switch save has none).
command_args() {
    local label=$1 file=$2 save=$3 slot=$4 other=$5
    local sel=()
    [ -n "$save" ] && sel=(--save "$save")
    case $label in
        saves) args=(saves "$file") ;;
        odds) args=(odds "$file" "${sel[@]}" --card "$slot" 0P00) ;;
        report) args=(report "$file" "${sel[@]}" -o -) ;;
        icon) args=(icon "$file" "${sel[@]}" -o -) ;;
        diff) args=(diff "$file${save:+:$save}" "$file${other:+:$other}") ;;
        *) args=("$label" "$file" "${sel[@]}") ;;
    esac
}
# ONLY="plan report" measures those commands alone.
read -r -a LABELS <<<"${ONLY:-saves cards score plan album odds report icon diff}"

median_ms() { jq '.results[0].median * 1000' "$1"; }

# Instructions of one run (all of the process: loader, clap, reading, work, output).
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$OUT/cg" "$@" >/dev/null 2>"$OUT/cg.err" || true
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$OUT/cg.err"
}

if [ "${COUNT:-}" = instructions ]; then
    printf '%-10s %-22s %12s %7s\n' command file instructions x_cat
    for spec in "${FILES[@]}"; do
        IFS='|' read -r file save slot other <<<"$spec"
        [ -f "$file" ] || { echo "missing $file: skipped" >&2; continue; }
        name=$(basename "$file")
        base=$(instructions cat "$file")
        printf '%-10s %-22s %12d %7.2f\n' cat "$name" "$base" 1
        for label in "${LABELS[@]}"; do
            [ "$label" = icon ] && [[ $file == *.dat ]] && continue
            command_args "$label" "$file" "$save" "$slot" "$other"
            n=$(instructions "$BIN" "${args[@]}" -q)
            printf '%-10s %-22s %12d %7.2f\n' "$label" "$name" "$n" "$(echo "$n / $base" | bc -l)"
        done
    done
    exit 0
fi

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   binary: $BIN   runs: $RUNS × $ROUNDS rounds"
echo "(each round times cat, then the command; x_cat is the median over the rounds of the"
echo " ratio of the command's median to that round's cat median, with the lowest and highest)"
printf '%-10s %-22s %9s %9s %7s %13s\n' command file median_ms cat_ms x_cat low-high
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
for spec in "${FILES[@]}"; do
    IFS='|' read -r file save slot other <<<"$spec"
    [ -f "$file" ] || { echo "missing $file: skipped" >&2; continue; }
    name=$(basename "$file")
    for label in "${LABELS[@]}"; do
        [ "$label" = icon ] && [[ $file == *.dat ]] && continue
        command_args "$label" "$file" "$save" "$slot" "$other"
        : >"$OUT/rounds"
        for _ in $(seq "$ROUNDS"); do
            hyperfine -N -w "$WARMUP" -r "$RUNS" --export-json "$OUT/cat.json" \
                "cat $file" >/dev/null 2>&1
            # -q: findings are not what is measured (they go to stderr either way).
            hyperfine -N -w "$WARMUP" -r "$RUNS" --export-json "$OUT/c.json" \
                "$BIN ${args[*]} -q" >/dev/null 2>&1 ||
                { echo "$label $name: failed: $BIN ${args[*]}" >&2; continue 2; }
            base=$(median_ms "$OUT/cat.json")
            ms=$(median_ms "$OUT/c.json")
            echo "$ms $base $(echo "$ms / $base" | bc -l)" >>"$OUT/rounds"
        done
        ms=$(cut -d' ' -f1 "$OUT/rounds" | median)
        base=$(cut -d' ' -f2 "$OUT/rounds" | median)
        ratio=$(cut -d' ' -f3 "$OUT/rounds" | median)
        low=$(cut -d' ' -f3 "$OUT/rounds" | sort -g | head -1)
        high=$(cut -d' ' -f3 "$OUT/rounds" | sort -g | tail -1)
        printf '%-10s %-22s %9.3f %9.3f %7.2f %6.2f-%-6.2f\n' "$label" "$name" "$ms" "$base" \
            "$ratio" "$low" "$high"
    done
done
