#!/usr/bin/env bash
# scripts/check_format.sh — fails (exit 1) when a tracked C source or header
# differs from what clang-format-19 makes of it under the checked-in
# .clang-format, listing the files. Run by CTest (test "format"), so
# scripts/test.sh and CI fail on unformatted code. Fix with
#   git ls-files '*.c' '*.h' | xargs clang-format-19 -i
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FORMAT="${CLANG_FORMAT:-clang-format-19}"
command -v "$FORMAT" >/dev/null || { echo "check_format: $FORMAT not found"; exit 1; }
cd "$ROOT"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.c' '*.h')
else
  mapfile -t files < <(find . -path ./build\* -prune -o \( -name '*.c' -o -name '*.h' \) -print)
fi
bad=()
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  "$FORMAT" --style=file "$f" | cmp -s - "$f" || bad+=("$f")
done
if [ ${#bad[@]} -ne 0 ]; then
  echo "check_format: ${#bad[@]} file(s) are not clang-format-19 clean:"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "check_format: ${#files[@]} files clean"
