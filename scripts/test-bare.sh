#!/usr/bin/env bash
# The README's test command as a newcomer's machine without Chromium, tmux, Node or Wine, and
# without ../shared, runs it: the PATH holds only cargo, rustc, rustdoc and the C linker,
# ../shared is hidden behind an empty folder (in a mount namespace of this run alone), and CI
# and QUADMIST_CHROMIUM are unset. The run must pass, and its last line must say that every
# test needing something from outside Cargo was skipped, naming each need and how to get it.
#
#   scripts/test-bare.sh N   N: how many tests need something (the full run's summary says)
#   scripts/test-bare.sh     as many as the run itself counts (all of them skipped); its last
#                            line, "test-bare: ... N of N; ...", gives N to compare with the
#                            full run's (.ci/run runs the two side by side)
set -euo pipefail
cd "$(dirname "$0")/.."
needing=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/empty"
for tool in cargo rustc rustdoc cc; do
    ln -s "$(command -v "$tool")" "$work/bin/$tool"
done
run=(env -u CI -u QUADMIST_CHROMIUM PATH="$work/bin" cargo test)
if [ -d ../shared ]; then
    # Root may mount in a new mount namespace; anyone else, as root of a user namespace.
    as=(--mount)
    [ "$(id -u)" = 0 ] || as=(--map-root-user --mount)
    # shellcheck disable=SC2016 # expanded by the inner shell
    unshare "${as[@]}" -- sh -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' \
        sh "$work/empty" "$(cd ../shared && pwd)" "${run[@]}" 2>&1 | tee "$work/log"
else
    "${run[@]}" 2>&1 | tee "$work/log"
fi
last=$(tail -n 1 "$work/log")
if [ -z "$needing" ]; then
    needing=$(printf '%s\n' "$last" |
        sed -n 's|^tests skipped for want of a program or \.\./shared: \([0-9]*\) of [0-9]*; .*|\1|p')
fi
expected="tests skipped for want of a program or ../shared: $needing of $needing; "
case $last in
    "$expected"*) ;;
    *)
        echo "test-bare: the last line should start with \"$expected\"" >&2
        exit 1
        ;;
esac
for need in "../shared/data/real (" "Chromium (apt-get install -y chromium" "tmux (apt-get install -y tmux)"; do
    case $last in
        *" need $need"* | *" needs $need"*) ;;
        *)
            echo "test-bare: the last line does not name what is missing: $need" >&2
            exit 1
            ;;
    esac
done
echo "test-bare: as a bare machine sees it, $last"
