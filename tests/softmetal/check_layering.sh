#!/usr/bin/env bash
# tests/softmetal/check_layering.sh SM_H OBJECT... — fails (exit 1) unless
# the files of softmetal form a DAG: no file uses a symbol of a file that
# uses one of its own, directly or through others (issue 6). It reads the
# symbols each compiled object defines and needs (nm), so calls and data
# count exactly as the linker sees them, and prints the files bottom-up.
# Also fails
#  - if a file uses a file listed after it in SM_H's file list (the header's
#    comment " *   name.c  ..." lines, lowest layer first), so that list
#    stays the true order;
#  - if a sm_*_register function is called from anywhere but register.c:
#    every file registers its own classes, register.c only fixes the order.
set -euo pipefail
[ $# -gt 1 ] || { echo "usage: $0 SM_H OBJECT..."; exit 2; }
header=$1
shift
declare -A rank
n=0
while read -r name; do rank[$name]=$((n++)); done < <(sed -n 's/^ \*   \([a-z_]*\.c\) .*/\1/p' "$header")
NM="${NM:-nm}"
for o in "$@"; do [ -f "$o" ] || { echo "check_layering: no object $o"; exit 2; }; done
declare -A owner
for o in "$@"; do
  f=$(basename "$o" .o)
  while read -r sym; do owner[$sym]=$f; done < <("$NM" -g --defined-only "$o" | awk '{print $3}')
done
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
bad=0
for o in "$@"; do
  f=$(basename "$o" .o)
  echo "$f $f" >>"$edges" # every file is a node, even one that uses no other
  while read -r sym; do
    d=${owner[$sym]:-}
    [ -n "$d" ] && [ "$d" != "$f" ] || continue
    echo "$d $f" >>"$edges"
    if [ -z "${rank[$f]:-}" ] || [ -z "${rank[$d]:-}" ]; then
      echo "check_layering: $f or $d is missing from the file list in $header"
      bad=1
    elif [ "${rank[$d]}" -gt "${rank[$f]}" ]; then
      echo "check_layering: $f uses $sym of $d, listed after it in $header (a higher layer)"
      bad=1
    fi
    if [[ $sym == sm_*_register && $f != register.c ]]; then
      echo "check_layering: $f calls $sym: only register.c calls register functions"
      bad=1
    fi
  done < <("$NM" -u "$o" | awk '{print $2}')
done
sort -u -o "$edges" "$edges"
if ! order=$(tsort "$edges" 2>&1); then
  echo "check_layering: softmetal's files depend on each other in a loop:"
  while read -r a b; do # a pair that uses each other directly
    [ "$a" \< "$b" ] && grep -qx "$b $a" "$edges" && echo "  $a <-> $b"
  done <"$edges"
  echo "$order" | grep '^tsort' | head -12
  exit 1
fi
[ $bad = 0 ] || exit 1
echo "check_layering: $# files, no loop; bottom-up:" $order
