#!/usr/bin/env bash
# scripts/check_layering.sh BUILD_DIR — checks the layering of docs/design.md
# on the object files of a build, from the symbols each one defines and uses
# (nm), so it sees real calls and data references, not includes:
#   1. inside each component (common, compiler, driver, metal, runtime,
#      softmetal) no two files depend on each other, directly or through a
#      cycle: the file graph is a DAG (checked with tsort);
#   2. a component uses only the components below it:
#        common    -> (nothing)
#        compiler  -> common
#        driver    -> (nothing; it runs the compiler and clang as processes)
#        metal     -> softmetal's MTLCreateSystemDefaultDevice (Metal.framework's on macOS)
#        runtime   -> common, metal
#        softmetal -> (nothing)
#   3. in runtime/, the API files (cuda_*.c, cu_*.c) never call Metal (mtl_*):
#      only the core does.
# Run by CTest (test "layering"). Exits 1 and says what is wrong.
set -euo pipefail
build=${1:?usage: check_layering.sh BUILD_DIR}
components=(common compiler driver metal runtime softmetal)
declare -A allowed=(
  [common]="" [compiler]="common" [driver]="" [metal]="softmetal"
  [runtime]="common metal" [softmetal]=""
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# defs: "symbol component file" for every global definition
for c in "${components[@]}"; do
  for o in "$build/$c"/CMakeFiles/*.dir/*.o; do
    [ -e "$o" ] || continue
    f=$(basename "$o" .o)
    case "$f" in main.c) [ "$c" = compiler ] && continue ;; esac # the tool around the library
    nm --defined-only -g "$o" | awk -v c="$c" -v f="$f" 'NF==3 {print $3, c, f}' >>"$tmp/defs"
    nm -u "$o" | awk -v c="$c" -v f="$f" '{print $NF, c, f}' >>"$tmp/uses"
  done
done
[ -s "$tmp/defs" ] || { echo "check_layering: no object files under $build"; exit 1; }
sort -u -k1,1 "$tmp/defs" >"$tmp/defs.sorted"
sort -k1,1 "$tmp/uses" >"$tmp/uses.sorted"
# "user_component user_file def_component def_file symbol"
join "$tmp/uses.sorted" "$tmp/defs.sorted" | awk '{print $2, $3, $4, $5, $1}' >"$tmp/edges"

# 1. no cycles between files of one component
for c in "${components[@]}"; do
  awk -v c="$c" '$1==c && $3==c && $2!=$4 {print $2, $4}' "$tmp/edges" | sort -u >"$tmp/graph.$c"
  if ! tsort "$tmp/graph.$c" >/dev/null 2>"$tmp/tsort.$c"; then
    echo "check_layering: files of $c/ depend on each other (a cycle):"
    sed -e 's/^tsort: .*input contains a loop:$/  loop:/' -e 's/^tsort: /    /' "$tmp/tsort.$c"
    status=1
  fi
done

# 2. the direction between components
while read -r uc uf dc df sym; do
  [ "$uc" = "$dc" ] && continue
  case " ${allowed[$uc]} " in *" $dc "*) continue ;; esac
  echo "check_layering: $uc/${uf%.o} uses $sym of $dc/${df%.o}, but $uc may use only: ${allowed[$uc]:-nothing}"
  status=1
done <"$tmp/edges"

# 3. runtime API files do not talk to Metal
while read -r uc uf dc df sym; do
  [ "$uc" = runtime ] && [ "$dc" = metal ] || continue
  case "$uf" in cuda_*|cu_*)
    echo "check_layering: runtime/${uf%.o} calls Metal ($sym): only the core may"
    status=1 ;;
  esac
done <"$tmp/edges"

[ $status = 0 ] && echo "check_layering: $(wc -l <"$tmp/edges") references checked, layering holds"
exit $status
