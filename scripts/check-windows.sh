#!/usr/bin/env bash
# The Windows build checked under Wine against the Linux build of the same profile:
#   scripts/check-windows.sh                     the binaries players download (the `dist` pair
#                                                of scripts/build-release.sh, built first when
#                                                missing)
#   scripts/check-windows.sh LINUX WINDOWS.EXE   any other pair (.ci/run: the debug builds)
# - on the fixtures and on genuine PlayStation, PC and Switch saves (../shared/data/real),
#   `saves cards score plan album report diff`, each also with --json: standard output, standard
#   error, the exit code and the written page are the Linux binary's, byte for byte (line breaks
#   included: both write LF);
# - paths as a Windows user types them (backslashes, a drive letter, a folder with non-ASCII
#   letters) are shown as typed, and the files of a folder as FOLDER\FILE;
# - on a console (Wine's, on a pseudo-terminal) the text fits the console's width and has colour,
#   none with NO_COLOR;
# - `watch` notices a save rewritten through a rename;
# - a save given alone (dropped onto the program) writes the page of all its saves, the Linux
#   binary's page, to Windows' temporary folder and says where; in a console of its own (as
#   Explorer starts it) it waits for Enter, and `quadmist` alone tells to drop a save onto it;
#   without --no-open the page goes to the browser Windows opens web addresses with (Wine's
#   winebrowser, pointed at a stub that records what it is given).
# Wine runs in a throwaway prefix with no window and no dialog. Rust's standard library needs
# ProcessPrng from bcryptprimitives.dll, which Wine 8 lacks: a stand-in built here from
# tests/windows/bcryptprimitives.c sits beside a copy of the .exe (test harness only; the
# shipped .exe is never next to it).
set -euo pipefail
# The binaries named on the command line, as absolute paths (the script works from the root).
given=()
for arg in "$@"; do
    given+=("$(realpath -m -- "$arg")")
done
cd "$(dirname "$0")/.."
started=$SECONDS

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

if [ "${#given[@]}" = 2 ]; then
    linux=${given[0]} exe=${given[1]}
elif [ "${#given[@]}" = 0 ]; then
    # The profile scripts/build-release.sh builds with.
    profile=dist
    exe=target/x86_64-pc-windows-gnu/$profile/quadmist.exe
    linux=target/x86_64-unknown-linux-gnu/$profile/quadmist
    if [ ! -f "$exe" ] || [ ! -x "$linux" ]; then
        bash scripts/build-release.sh
    fi
else
    echo "usage: scripts/check-windows.sh [LINUX-BINARY WINDOWS-EXE]" >&2
    exit 2
fi
if [ ! -f "$exe" ] || [ ! -x "$linux" ]; then
    echo "check-windows: no binary at $linux or $exe" >&2
    exit 2
fi
linux=$(realpath "$linux")

find_wine() {
    local w
    for w in "$(command -v wine64 || true)" /usr/lib/wine/wine64 "$(command -v wine || true)"; do
        if [ -n "$w" ] && [ -x "$w" ]; then
            echo "$w"
            return 0
        fi
    done
    return 1
}
packages=()
find_wine >/dev/null || packages+=(wine64)
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || packages+=(gcc-mingw-w64-x86-64)
command -v script >/dev/null 2>&1 || packages+=(bsdutils)
if [ "${#packages[@]}" -gt 0 ]; then
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${packages[@]}"
fi
wine=$(find_wine)

real=../shared/data/real
if [ ! -d "$real" ]; then
    if [ "${CI:-}" = true ]; then
        echo "check-windows: $real is required under CI" >&2
        exit 1
    fi
    echo "check-windows: $real is missing: the genuine saves are skipped" >&2
    real=
fi

work=$(mktemp -d)
wineserver_bin=$(dirname "$(readlink -f "$wine")")/wineserver
cleanup() {
    # Only this prefix's server, which this script started.
    if [ -x "$wineserver_bin" ]; then
        WINEPREFIX=$work/prefix "$wineserver_bin" -k 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# A prefix of our own, no window (no display), no dialog: without Mono and Gecko (mscoree,
# mshtml) wineboot does not offer to install them.
export WINEPREFIX=$work/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
unset DISPLAY WAYLAND_DISPLAY COLUMNS NO_COLOR CLICOLOR_FORCE
"$wine" wineboot --init </dev/null >/dev/null 2>&1 || true
# One server for the whole run, not one per command.
"$wineserver_bin" -p 2>/dev/null || true

mkdir -p "$work/bin"
cp "$exe" "$work/bin/quadmist.exe"
x86_64-w64-mingw32-gcc -shared -O2 -o "$work/bin/bcryptprimitives.dll" \
    tests/windows/bcryptprimitives.c -ladvapi32
win_exe=$work/bin/quadmist.exe

failures=0
checks=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# Runs one binary ("linux" or "windows") with the arguments: stdout, stderr and the exit code
# into $work/<which>.{out,err,code}.
run() {
    local which=$1
    shift
    local code=0
    if [ "$which" = linux ]; then
        "$linux" "$@" >"$work/$which.out" 2>"$work/$which.err" </dev/null || code=$?
    else
        "$wine" "$win_exe" "$@" >"$work/$which.out" 2>"$work/$which.err" </dev/null || code=$?
    fi
    echo "$code" >"$work/$which.code"
}

# Fails unless the two files are equal byte for byte, showing the first difference.
same_file() {
    local what=$1 a=$2 b=$3
    if ! cmp -s "$a" "$b"; then
        fail "$what"
        diff <(od -c "$a") <(od -c "$b") | head -8 >&2 || true
        return 1
    fi
}

# Both binaries with the same arguments: stdout, stderr and exit codes must be equal.
same() {
    checks=$((checks + 1))
    run linux "$@"
    run windows "$@"
    local what="quadmist $*"
    same_file "$what: standard output" "$work/linux.out" "$work/windows.out" || true
    same_file "$what: standard error" "$work/linux.err" "$work/windows.err" || true
    same_file "$what: exit code" "$work/linux.code" "$work/windows.code" || true
    if [ ! -s "$work/linux.out" ] && [ "$(cat "$work/linux.code")" = 0 ]; then
        fail "$what: no output at all"
    fi
}

# `report -o PAGE`, with and without --json: the messages and the page itself must be equal.
same_report() {
    local file=$1 save=$2 page=$work/page.html json
    for json in "" --json; do
        checks=$((checks + 1))
        rm -f "$page"
        run linux report "$file" --save "$save" -o "$page" $json
        mv "$page" "$work/linux.html" 2>/dev/null || fail "report $save: no page from Linux"
        run windows report "$file" --save "$save" -o "$page" $json
        mv "$page" "$work/windows.html" 2>/dev/null || fail "report $save: no page from Windows"
        same_file "report $save $json: standard output" "$work/linux.out" "$work/windows.out" ||
            true
        same_file "report $save $json: standard error" "$work/linux.err" "$work/windows.err" ||
            true
        same_file "report $save $json: the page" "$work/linux.html" "$work/windows.html" || true
    done
}

# Every data command on save `$2` of the file `$1`, in text and as JSON.
all_commands() {
    local file=$1 save=$2 cmd
    for cmd in cards score plan album; do
        same "$cmd" "$file:$save"
        same "$cmd" "$file:$save" --json
    done
    same_report "$file" "$save"
}

echo "check-windows: the data commands, Linux and Windows side by side"
fixtures=(fixtures/ff9-three-saves.mcr fixtures/ff9-three-saves.gme fixtures/ff9-file1.mcs
    fixtures/ff9-file1.psv)
for f in "${fixtures[@]}"; do
    same saves "$f"
    same saves "$f" --json
done
same saves fixtures
all_commands fixtures/ff9-three-saves.mcr 2
all_commands fixtures/ff9-file1.psv 1
same diff fixtures/ff9-three-saves.mcr:3 fixtures/ff9-three-saves.gme:1
same diff fixtures/ff9-three-saves.mcr:3 fixtures/ff9-three-saves.gme:1 --json
# A usage error: the same words and exit code.
same score fixtures/ff9-three-saves.mcr
# A missing file: the same exit code and message, but for the reason, which is the system's own
# words ("File not found." on Windows).
checks=$((checks + 1))
run linux score fixtures/no-such-file.mcr
run windows score fixtures/no-such-file.mcr
same_file "a missing file: exit code" "$work/linux.code" "$work/windows.code" || true
grep -q '^error: cannot open fixtures/no-such-file.mcr: File not found' "$work/windows.err" ||
    fail "a missing file: $(cat "$work/windows.err")"

if [ -n "$real" ]; then
    ps1=$real/psx-ff9/usa.mcr
    pc=$real/steam/SavedData_ww.dat
    switch=$real/switch/DATA_SLOT0_FILE0
    for f in "$ps1" "$real/psx-ff9/japan.psv" "$real/psx-ff9/bad.gme" "$pc" "$switch" \
        "$real/switch/AUTO" "$real/psx-cards/epsxe000.mcr"; do
        same saves "$f"
        same saves "$f" --json
    done
    all_commands "$ps1" 1
    all_commands "$pc" 1-2
    all_commands "$switch" 1-1
    same diff "$pc:1-2" "$switch"
    same diff "$pc:1-2" "$switch" --json
    same diff "$real/psx-ff9/usa.mcr" "$real/psx-ff9/europe.psv" --json
fi

# A literal replacement in a file, in place (no pattern characters: paths hold backslashes).
replace() {
    FROM=$2 TO=$3 perl -pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/g' "$1"
}

# Windows with `win_path` shows it as typed where Linux with `unix_path` shows that one; the
# rest is equal. `json_from`/`json_to` are the same paths as JSON writes them.
same_but_path() {
    local unix_path=$1 win_path=$2
    shift 2
    checks=$((checks + 1))
    local args_linux=() args_windows=() a
    for a in "$@"; do
        args_linux+=("${a//@/$unix_path}")
        args_windows+=("${a//@/$win_path}")
    done
    # Wide enough that no path is wrapped: their lengths differ.
    COLUMNS=300 run linux "${args_linux[@]}"
    COLUMNS=300 run windows "${args_windows[@]}"
    local json_unix json_win
    json_unix=$(printf '%s' "$unix_path" | sed 's/\\/\\\\/g')
    json_win=$(printf '%s' "$win_path" | sed 's/\\/\\\\/g')
    local f
    for f in out err; do
        # A folder's files are the folder joined with their names: with `\` on Windows.
        if [[ " $* " == *" --json "* ]]; then
            replace "$work/linux.$f" "$json_unix/" "$json_win\\\\"
            replace "$work/linux.$f" "$json_unix" "$json_win"
        else
            replace "$work/linux.$f" "$unix_path/" "$win_path\\"
            replace "$work/linux.$f" "$unix_path" "$win_path"
        fi
    done
    same_file "$* with $win_path: standard output" "$work/linux.out" "$work/windows.out" || true
    same_file "$* with $win_path: standard error" "$work/linux.err" "$work/windows.err" || true
    same_file "$* with $win_path: exit code" "$work/linux.code" "$work/windows.code" || true
}

echo "check-windows: Windows paths"
abs=$(pwd)
# Z: is Wine's drive for the Unix root.
drive_path=Z:${abs//\//\\}
same_but_path fixtures/ff9-three-saves.mcr 'fixtures\ff9-three-saves.mcr' score @:1
same_but_path fixtures/ff9-three-saves.mcr 'fixtures\ff9-three-saves.mcr' saves @ --json
same_but_path fixtures fixtures saves @ --json
same_but_path "$abs/fixtures/ff9-three-saves.mcr" "$drive_path\\fixtures\\ff9-three-saves.mcr" \
    cards @:3
# A file named without its save: the error shows the path and the selectors as typed.
same_but_path "$abs/fixtures/ff9-three-saves.mcr" "$drive_path\\fixtures\\ff9-three-saves.mcr" \
    score @
folder="$work/Sauvegardes d'été ファイナル"
mkdir -p "$folder"
cp fixtures/ff9-three-saves.mcr fixtures/ff9-file1.mcs "$folder/"
win_folder=Z:${folder//\//\\}
same_but_path "$folder/ff9-file1.mcs" "$win_folder\\ff9-file1.mcs" album @
same_but_path "$folder/ff9-file1.mcs" "$win_folder\\ff9-file1.mcs" score @ --json
same_but_path "$folder/ff9-three-saves.mcr" "$win_folder\\ff9-three-saves.mcr" \
    diff @:3 @:2
# The files of a folder are shown as the folder joined with their names: `\` on Windows.
same_but_path "$folder" "$win_folder" saves @
same_but_path "$folder" "$win_folder" saves @ --json

echo "check-windows: the console"
# On a console: Wine gives the program a console on a pseudo-terminal, as wide as the terminal.
# The text must be laid out for its width (100 here) with colour, and be the Linux binary's on a
# terminal of that width; with NO_COLOR, without colour. The console itself ends lines with CR LF
# and hides the cursor while it draws: those are the console's, not the program's.
on_console() {
    local which=$1 out=$2
    shift 2
    local cmd
    if [ "$which" = linux ]; then
        cmd=$(printf '%q ' "$linux" "$@")
    else
        cmd=$(printf '%q ' "$wine" "$win_exe" "$@")
    fi
    script -qec "stty cols 100 rows 50; $cmd" /dev/null </dev/null >"$out.raw" 2>&1 || true
    tr -d '\r' <"$out.raw" | sed -e 's/\x1b\[?25[lh]//g' >"$out"
}
for no_color in "" 1; do
    checks=$((checks + 1))
    if [ -n "$no_color" ]; then export NO_COLOR=1; fi
    on_console linux "$work/console.linux" plan fixtures/ff9-three-saves.mcr:1
    on_console windows "$work/console.windows" plan fixtures/ff9-three-saves.mcr:1
    unset NO_COLOR
    same_file "plan on a console${no_color:+ with NO_COLOR}" \
        "$work/console.linux" "$work/console.windows" || true
    if [ -z "$no_color" ]; then
        grep -q $'\x1b\\[' "$work/console.windows" || fail "no colour on the console"
        # A line wider than 80 columns shows the width was the console's.
        perl -CSD -ne 's/\e\[[0-9;]*m//g; chomp; $w = 1 if length > 80; END { exit !$w }' \
            "$work/console.windows" || fail "the console's width (100) was not used"
    else
        if grep -q $'\x1b\\[[0-9;]*m' "$work/console.windows"; then
            fail "colour on the console with NO_COLOR"
        fi
    fi
done

echo "check-windows: a save given alone (dropped onto the program)"
# Its page goes to the temporary folder; without a console of its own it never waits.
drop_page() {
    local which=$1 file=$2
    shift 2
    rm -rf "$work/tmp-$which"
    mkdir -p "$work/tmp-$which"
    local page
    if [ "$which" = linux ]; then
        TMPDIR=$work/tmp-$which run linux "$file" --no-open
        page=$(sed -n 's/^is //p' "$work/linux.out")
    else
        # Windows' temporary folder (Wine's, in the prefix), as a Unix path.
        run windows "$file" --no-open
        page=$("$wine" winepath -u "$(sed -n 's/^is //p' "$work/windows.out")" 2>/dev/null || true)
    fi
    if [ -n "$page" ] && [ -f "$page" ]; then
        mv "$page" "$work/$which.html"
    else
        fail "$which: no page for $file: $(cat "$work/$which.out" "$work/$which.err")"
    fi
}
checks=$((checks + 1))
drop_page linux fixtures/ff9-three-saves.mcr
drop_page windows fixtures/ff9-three-saves.mcr
same_file "the page of a dropped file" "$work/linux.html" "$work/windows.html" || true
same_file "a dropped file: exit code" "$work/linux.code" "$work/windows.code" || true
head -1 "$work/linux.out" >"$work/linux.first"
head -1 "$work/windows.out" >"$work/windows.first"
same_file "a dropped file: what it says" "$work/linux.first" "$work/windows.first" || true
# The page's path as Windows writes it (the line "is PATH" after the saves' headers): the
# temporary folder, with backslashes.
sed -n 's/^is //p' "$work/windows.out" |
    grep -qE '^C:\\users\\[^\\]+\\Temp\\quadmist-ff9-three-saves-[^\\]+\.html$' ||
    fail "a dropped file: the page's path: $(sed -n 's/^is //p' "$work/windows.out")"
# As Explorer passes it: the whole path, with a drive letter and non-ASCII letters.
checks=$((checks + 1))
drop_page windows "$win_folder\\ff9-three-saves.mcr"
# Each save is named by its header, the whole path first (wrapped after it when long).
grep -qxF "  $win_folder\\ff9-three-saves.mcr:1" "$work/windows.out" ||
    fail "a dropped file from $win_folder: $(cat "$work/windows.out")"
same_file "the page of a file dropped from $win_folder" "$work/linux.html" "$work/windows.html" ||
    true
# Opened in the default browser: Windows' handler of web addresses, which in Wine is
# winebrowser, starting the browser its registry names: here a stub that records its argument.
checks=$((checks + 1))
printf '#!/bin/sh\nprintf "%%s\\n" "$@" > "%s.part" && mv "%s.part" "%s"\n' \
    "$work/opened" "$work/opened" "$work/opened" >"$work/browser.sh"
chmod +x "$work/browser.sh"
"$wine" reg add 'HKCU\Software\Wine\WineBrowser' /v Browsers /d "$work/browser.sh" /f \
    >/dev/null 2>&1
run windows fixtures/ff9-file1.mcs
waited=0
until [ -f "$work/opened" ] || [ "$waited" -gt 150 ]; do
    sleep 0.2
    waited=$((waited + 1))
done
page=$("$wine" winepath -u "$(sed -n 's/^is //p' "$work/windows.out")" 2>/dev/null || true)
opened=$(sed -n 's|^file://||p' "$work/opened" 2>/dev/null || true)
if [ -z "$page" ] || [ -z "$opened" ] || [ "$(readlink -f "$opened")" != "$(readlink -f "$page")" ]; then
    fail "the page opened in the browser: $(cat "$work/windows.out" "$work/windows.err") \
opened: $opened"
fi
grep -qx "It opens in your browser." "$work/windows.out" || fail "opened: $(cat "$work/windows.out")"
# `quadmist` alone, in a terminal: the short help, as on Linux.
same
# In a console of its own (as Explorer starts it; Wine makes one on a pseudo-terminal): the
# help says to drop a save onto the program, and the window waits for Enter before it closes.
console_wait() {
    local enter=$1
    shift
    local cmd
    cmd=$(printf '%q ' "$wine" "$win_exe" "$@")
    # Enter on a Windows console is a carriage return.
    { sleep 4; [ -n "$enter" ] && printf '\r'; sleep 2; } |
        timeout 8 script -qec "$cmd; echo ENDED" /dev/null 2>&1 | tr -d '\r' >"$work/console.out" ||
        true
}
checks=$((checks + 1))
console_wait enter
grep -q "drag your save file onto quadmist.exe" "$work/console.out" ||
    fail "Explorer's help: $(cat "$work/console.out")"
grep -q "Press Enter to close this window." "$work/console.out" || fail "Explorer: no wait"
grep -q ENDED "$work/console.out" || fail "Explorer: Enter did not end it"
checks=$((checks + 1))
console_wait "" fixtures/ff9-file1.mcs --no-open
grep -q "Press Enter to close this window." "$work/console.out" || fail "a drop: no wait"
if grep -q ENDED "$work/console.out"; then
    fail "a dropped file in its own console: it ended without Enter"
fi

echo "check-windows: watch"
# A save rewritten the way emulators do it (a new file renamed over the old one): the Windows
# build notices it and prints the change, the same line as the Linux build.
# Block 3 of the raw card (the third save) becomes a copy of block 1 (the first save).
watch_line() {
    local which=$1 dir=$work/watch-$1
    mkdir -p "$dir"
    cp fixtures/ff9-three-saves.mcr "$dir/card.mcr"
    cp "$dir/card.mcr" "$dir/next.mcr"
    dd if="$dir/card.mcr" of="$dir/next.mcr" bs=8192 skip=1 seek=3 count=1 conv=notrunc \
        status=none
    local pid
    if [ "$which" = linux ]; then
        (cd "$dir" && exec "$linux" watch card.mcr:3 --json) \
            >"$dir/out" 2>"$dir/err" </dev/null &
    else
        (cd "$dir" && exec "$wine" "$win_exe" watch card.mcr:3 --json) \
            >"$dir/out" 2>"$dir/err" </dev/null &
    fi
    pid=$!
    local waited=0
    until grep -q watching "$dir/err" 2>/dev/null; do
        sleep 0.2
        waited=$((waited + 1))
        if [ "$waited" -gt 300 ]; then
            fail "watch ($which) did not start: $(cat "$dir/err")"
            kill "$pid" 2>/dev/null || true
            return
        fi
    done
    local t0=$SECONDS
    mv "$dir/next.mcr" "$dir/card.mcr"
    waited=0
    until [ -s "$dir/out" ]; do
        sleep 0.2
        waited=$((waited + 1))
        if [ "$waited" -gt 300 ]; then
            fail "watch ($which) did not notice the change within a minute"
            break
        fi
    done
    sleep 0.5
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    echo "  watch ($which): the change printed after $((SECONDS - t0)) s or less"
}
checks=$((checks + 1))
watch_line linux
watch_line windows
same_file "watch: the change printed" "$work/watch-linux/out" "$work/watch-windows/out" || true
[ "$(wc -l <"$work/watch-windows/out")" = 1 ] || fail "watch: not one line for one change"

echo "check-windows: $checks checks, $failures failed, in $((SECONDS - started)) s"
[ "$failures" = 0 ]
