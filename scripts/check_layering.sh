#!/usr/bin/env bash
# scripts/check_layering.sh — checks the layering of docs/design.md on the
# object files of a build, from the symbols each one defines and uses (nm):
# real calls and data references, as the linker sees them, not includes.
#
#   check_layering.sh SOURCE_DIR --component NAME OBJECT... [--component NAME OBJECT...]...
#
# (CTest test "layering" passes every component's objects from CMake.)
#   1. inside each component no two files depend on each other, directly or
#      through a longer cycle: the file graph is a DAG (tsort finds no loop);
#   2. a component uses only the components below it:
#        common    -> nothing         compiler -> common
#        driver    -> nothing (it runs the compiler and clang as processes)
#        nvrtc     -> nothing (it runs anchorcc as a process)
#        metal     -> softmetal (MTLCreateSystemDefaultDevice: Metal.framework's on macOS)
#        runtime   -> common, metal   softmetal -> nothing
#   3. runtime/: an API file (cuda_*.c, cu_*.c) calls neither Metal (mtl_*)
#      nor another API file, only the core; and only core files include
#      core_mtl.h, the core's private header to Metal;
#   4. softmetal/: every file registers its own classes; only register.c
#      calls the sm_*_register functions (it fixes their order).
# Exits 1 and says what is wrong; prints PASS otherwise.
set -euo pipefail
src=${1:?usage: check_layering.sh SOURCE_DIR --component NAME OBJECT...}
shift
declare -A allowed=(
  [common]="" [compiler]="common" [driver]="" [metal]="softmetal" [nvrtc]=""
  [runtime]="common metal" [softmetal]=""
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/defs"
: >"$tmp/uses"
component=
for arg in "$@"; do
  if [ "$arg" = --component ]; then component=next; continue; fi
  if [ "$component" = next ]; then
    component=$arg
    [ -n "${allowed[$component]+set}" ] || { echo "check_layering: unknown component $component"; exit 2; }
    continue
  fi
  [ -n "$component" ] || { echo "check_layering: $arg before any --component"; exit 2; }
  [ -f "$arg" ] || { echo "check_layering: no object file $arg"; exit 2; }
  f=$(basename "$arg" .o)
  nm --defined-only -g "$arg" | awk -v c="$component" -v f="$f" 'NF == 3 {print $3, c, f}' >>"$tmp/defs"
  nm -u "$arg" | awk -v c="$component" -v f="$f" '{print $NF, c, f}' >>"$tmp/uses"
done
[ -s "$tmp/defs" ] || { echo "check_layering: no object files given"; exit 2; }
sort -u -k1,1 "$tmp/defs" >"$tmp/defs.sorted"
sort -k1,1 "$tmp/uses" >"$tmp/uses.sorted"
# user_component user_file defining_component defining_file symbol
join "$tmp/uses.sorted" "$tmp/defs.sorted" | awk '{print $2, $3, $4, $5, $1}' >"$tmp/edges"
status=0

# 1. no cycle between the files of one component
for c in "${!allowed[@]}"; do
  awk -v c="$c" '$1 == c && $3 == c && $2 != $4 {print $2, $4}' "$tmp/edges" | sort -u >"$tmp/graph"
  if ! tsort "$tmp/graph" >/dev/null 2>"$tmp/loops"; then
    echo "check_layering: files of $c/ depend on each other:"
    sed -e 's/^tsort: .*input contains a loop:$/  a loop:/' -e 's/^tsort: /    /' "$tmp/loops"
    status=1
  fi
done

# 2. the direction between components; 3. and 4. the rules of runtime/ and softmetal/
while read -r uc uf dc df sym; do
  if [ "$uc" != "$dc" ]; then
    case " ${allowed[$uc]} " in *" $dc "*) ;; *)
      echo "check_layering: $uc/${uf} uses $sym of $dc/${df}; $uc may use only: ${allowed[$uc]:-nothing}"
      status=1 ;;
    esac
  fi
  if [ "$uc" = runtime ]; then
    case "$uf" in cuda_* | cu_*)
      [ "$dc" = metal ] && { echo "check_layering: runtime/$uf calls Metal ($sym): only the core may"; status=1; }
      case "$df" in cuda_* | cu_*)
        [ "$dc" = runtime ] && [ "$df" != "$uf" ] &&
          { echo "check_layering: runtime/$uf calls API file $df ($sym): API files call the core only"; status=1; } ;;
      esac ;;
    esac
  fi
  if [ "$dc" = softmetal ] && [[ "$sym" == sm_*_register ]] && [ "$uf" != register.c ]; then
    echo "check_layering: softmetal/$uf calls $sym: only register.c registers classes"
    status=1
  fi
done <"$tmp/edges"
for f in $(grep -l '#include "core_mtl.h"' "$src"/runtime/*.c "$src"/runtime/*.h 2>/dev/null); do
  case "$(basename "$f")" in core_*) ;; *)
    echo "check_layering: $(basename "$f") includes core_mtl.h: only core files may"; status=1 ;;
  esac
done

[ $status = 0 ] && echo "PASS: $(wc -l <"$tmp/edges") references between files checked"
exit $status
