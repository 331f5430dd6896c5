#!/usr/bin/env bash
# pack_h200.sh — run HERE (the build machine): gathers what run_h200.sh needs on a GPU
# machine that has the CUDA toolkit but no LLVM 19 / GNU Objective-C runtime:
#   BUNDLE/lib   libanchor, libsoftmetal, libcudametal, libobjc.so.4, lib/anchor/ (preludes)
#   BUNDLE/expected  tests/e2e/*.expected (run_h200.sh sets E2E_EXPECTED_DIR to it)
#   BUNDLE/bin   every single-source e2e program (tests/e2e/CMakeLists.txt's e2e_test lines)
#                and cudametal/bench_kernels.cu, built by anchorcc -O2 (build tree BUILD)
# Usage: cudametal/pack_h200.sh [BUILD (default build)] [BUNDLE (default cudametal_bundle)]
# The bundle is untracked (/cudametal_bundle/ in .gitignore): carry it (~13 MiB).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
bundle=${2:-$root/cudametal_bundle}
[ -f "$build/lib/libcudametal.so" ] || {
  echo "no $build/lib/libcudametal.so: configure with -DANCHOR_CUDAMETAL=ON and build" >&2
  exit 1
}
rm -rf "$bundle"
mkdir -p "$bundle/lib" "$bundle/bin" "$bundle/expected"
# Expected-output files (printf_capture.h reads them from $E2E_EXPECTED_DIR there).
cp "$root"/tests/e2e/*.expected "$bundle/expected/"
cp -a "$build"/lib/*.so* "$build/lib/anchor" "$bundle/lib/"
objc=$(ldd "$build/lib/libcudametal.so" | awk '/libobjc/ {print $3}')
cp -L "$objc" "$bundle/lib/"
cc="$build/bin/anchorcc"
n=0
while read -r name src; do
  case "$src" in *" "*|"") continue ;; esac # several sources: not packed
  src=${src/\$\{PROJECT_SOURCE_DIR\}/$root}
  [ "${src#/}" = "$src" ] && src="$root/tests/e2e/$src"
  if "$cc" -O2 "$src" -o "$bundle/bin/$name" >/dev/null 2>&1; then n=$((n + 1)); else
    echo "not packed: $name (anchorcc failed)"; fi
done < <(sed -n 's/^e2e_test(\([A-Za-z0-9_]*\) \(.*\))$/\1 \2/p' "$root/tests/e2e/CMakeLists.txt")
"$cc" -O2 --extended-lambda "$root/tests/e2e/extended_lambda.cu" -o "$bundle/bin/extended_lambda" &&
  n=$((n + 1))
# relocatable device code: three units, device-linked into one module
e2e="$root/tests/e2e"
"$cc" -O2 -rdc=true "$e2e/rdc_main.cu" "$e2e/rdc_lib.cu" "$e2e/rdc_kernels.cu" -o "$bundle/bin/rdc" &&
  n=$((n + 1))
"$cc" -O2 "$root/cudametal/bench_kernels.cu" -o "$bundle/bench_kernels.anchor" || exit 1
echo "packed $n e2e programs; bundle: $bundle ($(du -sh "$bundle" | cut -f1))"
