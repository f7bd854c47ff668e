#!/usr/bin/env bash
# Do two builds play the same games? `bash scripts/compare-outputs.sh OLD_DIR [NEW_DIR]` (NEW_DIR
# defaults to this checkout; both built with `npm run build`, e.g. OLD_DIR a `git worktree` of the
# previous commit). Plays every scenario in scenarios/ (3,000 games, --games-csv), a tournament of all
# built-in bots (4 deals) of Goldrausch and of Green Deal (1 deal), and one replay of each with each
# build, and compares every output file byte for byte after removing wall-time fields. Prints
# IDENTICAL (and exits 0) or each file that differs (exit 1). `ONLY=green-deal bash
# scripts/compare-outputs.sh OLD_DIR` plays only the scenarios whose file name starts so (and
# skips the tournaments and replays of the other games): a quicker check while working on one game.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
old=$(cd "${1:?usage: compare-outputs.sh OLD_DIR [NEW_DIR]}" && pwd)
new=$(cd "${2:-$here}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip() { # wall-clock and run-time fields differ between any two runs
  sed -E -e 's/"(elapsed[A-Za-z]*|wall[A-Za-z]*|seconds|durationMs|startedAt|finishedAt|gamesPerSecond|date|createdAt|ms)": *[^,}]*//g' "$1"
}
play() { # $1 build dir, $2 output dir
  local status=0
  for s in "$1"/scenarios/"${ONLY:-}"*.json; do
    name=$(basename "$s" .json)
    (cd "$1" && node bin/goldpit.js run "scenarios/$name.json" --games 3000 --games-csv --quiet --out "$2/$name") >/dev/null 2>&1 || { echo "run failed: $1 $name"; status=1; }
  done
  if [ -z "${ONLY:-}" ]; then
    (cd "$1" && node bin/goldpit.js tournament --deals 4 --out "$2/tournament" --quiet) >/dev/null 2>&1 || { echo "tournament failed: $1"; status=1; }
    (cd "$1" && node bin/goldpit.js replay scenarios/baseline.json --game 17) > "$2/replay-17.txt" 2>&1 || { echo "replay failed: $1"; status=1; }
  fi
  if [ -z "${ONLY:-}" ] || [ "${ONLY}" = green-deal ]; then
    (cd "$1" && node bin/goldpit.js tournament --game green-deal --deals 1 --out "$2/tournament-green-deal" --quiet) >/dev/null 2>&1 || { echo "green-deal tournament failed: $1"; status=1; }
    (cd "$1" && node bin/goldpit.js replay scenarios/green-deal-4p.json --game 17) > "$2/replay-green-deal-17.txt" 2>&1 || { echo "green-deal replay failed: $1"; status=1; }
  fi
  return $status
}
play "$old" "$work/old" || exit 1
play "$new" "$work/new" || exit 1
status=0
for f in $(cd "$work/old" && find . -type f | sort); do
  case "$f" in *.html|*run.json) continue ;; esac # pages and run metadata carry times and versions
  if [ ! -f "$work/new/$f" ]; then echo "missing in $new: $f"; status=1; continue; fi
  if ! cmp -s <(strip "$work/old/$f") <(strip "$work/new/$f"); then
    echo "differs: $f"; diff <(strip "$work/old/$f") <(strip "$work/new/$f") | head -5; status=1
  fi
done
[ $status = 0 ] && echo "IDENTICAL ($(cd "$work/old" && find . -type f ! -name '*.html' ! -name 'run.json' | wc -l) files compared)"
exit $status
