#!/bin/bash
# csmith_campaign.sh [-a ANCHORCC] [-s FIRST_SEED] [-n COUNT] [-t SECONDS] [-j JOBS] OUTDIR
#                    [-- CSMITH_OPTION...]
# Runs tests/differential/run_seed.sh for seeds FIRST_SEED, FIRST_SEED+1, ... until COUNT
# seeds are done or SECONDS have passed (no new seed starts after that), JOBS at a time.
# OUTDIR/results.txt gets one line per seed; the work directory of every seed that is
# not ok or skip-* is kept as OUTDIR/seed-N (p.cpp, the logs, both programs), the others
# are deleted. Prints the count of each status at the end (also in OUTDIR/summary.txt).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cc=$root/build/bin/anchorcc first=1 count=1000000 limit=3600 jobs=2
while getopts a:s:n:t:j: o; do
  case $o in
  a) cc=$OPTARG ;; s) first=$OPTARG ;; n) count=$OPTARG ;; t) limit=$OPTARG ;; j) jobs=$OPTARG ;;
  *) exit 64 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-a anchorcc] [-s seed] [-n count] [-t seconds] [-j jobs] outdir [-- csmith options]" >&2; exit 64; }
out=$1
shift
[ "${1:-}" = -- ] && shift
mkdir -p "$out"
end=$((SECONDS + limit))
one() {
  local s=$1 w=$out/seed-$1 line
  line=$("$root/tests/differential/run_seed.sh" "$cc" "$s" "$w" "${@:2}")
  echo "$line" >>"$out/results.txt"
  case $line in *": ok"* | *": skip-"*) rm -rf "$w" ;; esac
  echo "$line"
}
s=$first
while [ $((s - first)) -lt "$count" ] && [ $SECONDS -lt $end ]; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  one "$s" "$@" &
  s=$((s + 1))
done
wait
awk '{print $3}' "$out/results.txt" | sort | uniq -c | sort -rn | tee "$out/summary.txt"
