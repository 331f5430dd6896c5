#!/bin/bash
# pargen_quick.sh ANCHORCC PARGEN WORKDIR SEED... — CI's fixed set of pargen seeds
# (CMakeLists.txt): run_pargen.sh for each; fails when any seed is a finding.
cc=$1 gen=$2 w=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
fail=0
for s in "$@"; do
  "$here/run_pargen.sh" "$cc" "$gen" "$s" "$w/seed-$s" || fail=1
done
[ $fail = 0 ] && echo PASS
exit $fail
