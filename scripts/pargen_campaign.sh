#!/bin/bash
# pargen_campaign.sh [-a ANCHORCC] [-g PARGEN] [-s FIRST_SEED] [-n COUNT] [-t SECONDS]
#                    [-j JOBS] OUTDIR [-- PARGEN_OPTION...]
# Runs tests/differential/run_pargen.sh (random parallel kernels, issue 10) for seeds
# FIRST_SEED, FIRST_SEED+1, ... until COUNT seeds are done or SECONDS have passed, JOBS
# at a time. OUTDIR/results.txt gets one line per seed; the work directory of every
# finding is kept as OUTDIR/seed-N (p.cu, the logs, the program), the others deleted.
# Prints the count of each status at the end (also in OUTDIR/summary.txt).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cc=$root/build/bin/anchorcc gen=$root/build/bin/pargen first=1 count=1000000 limit=3600 jobs=2
while getopts a:g:s:n:t:j: o; do
  case $o in
  a) cc=$OPTARG ;; g) gen=$OPTARG ;; s) first=$OPTARG ;; n) count=$OPTARG ;;
  t) limit=$OPTARG ;; j) jobs=$OPTARG ;; *) exit 64 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-a anchorcc] [-g pargen] [-s seed] [-n count] [-t seconds] [-j jobs] outdir [-- pargen options]" >&2; exit 64; }
out=$1
shift
[ "${1:-}" = -- ] && shift
mkdir -p "$out"
end=$((SECONDS + limit))
one() {
  local s=$1 w=$out/seed-$1 line
  line=$("$root/tests/differential/run_pargen.sh" "$cc" "$gen" "$s" "$w" "${@:2}")
  echo "$line" >>"$out/results.txt"
  case $line in *": ok"*) rm -rf "$w" ;; esac
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
