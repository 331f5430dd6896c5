#!/bin/bash
# quick.sh ANCHORCC WORKDIR SEED... — CI's fixed set of Csmith seeds (CMakeLists.txt):
# run_seed.sh for each; fails when any seed is a finding (mismatch, refusal, crash,
# timeout; run_seed.sh says which), passes when all are ok or skip-*. Exit 77 (skipped)
# without csmith.
cc=$1 w=$2
shift 2
command -v csmith >/dev/null || { echo "csmith is not installed (Debian package csmith)"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd)
fail=0
for s in "$@"; do
  "$here/run_seed.sh" "$cc" "$s" "$w/seed-$s" || fail=1
done
[ $fail = 0 ] && echo PASS
exit $fail
