#!/usr/bin/env bash
# scripts/sample.sh — set up, build Anchor, then compile samples/vectorAdd.cu with
# anchorcc and run it on the default device (softmetal on Linux).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
OUT="$BUILD/samples"
mkdir -p "$OUT"
"$BUILD/bin/anchorcc" -O2 "$ROOT/samples/vectorAdd.cu" -o "$OUT/vectorAdd"
"$OUT/vectorAdd"
