#!/usr/bin/env bash
# textures_device_run.sh — builds the texture and surface end-to-end programs (issue 15:
# tex2d_modes, tex_shapes, tex_border, tex_mip_hand, tex_values, tex_view_format, tex_cub_iterator,
# surf_rw, surf_trap)
# with nvcc and runs them on a real NVIDIA GPU, to prove they are correct CUDA and to
# record what CUDA returns where the documentation leaves room: linear-filter weights
# (tex_values (1): CUDA's 9-bit fixed point), wrap/mirror with unnormalized coordinates,
# layers out of range, a border colour on an integer texture, small allocations against
# textureAlignment (tex_values (2)-(5)), whether views of an array in another format of the
# same texel size are taken (tex_view_format), tex2Dgather's order, cube-map faces and reads of
# the wrong shape (tex_shapes), the error an out-of-range surface write with
# cudaBoundaryModeTrap gives (surf_trap). Every program prints the first values that differ
# from its CPU reference. Not a CTest test: it needs nvcc and an NVIDIA GPU. Run from the
# repository root:
#   tests/e2e/textures_device_run.sh [OUTDIR]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/e2e-textures-nvcc}
nvcc=${NVCC:-nvcc}
flags=${NVCC_FLAGS:-"-O2 -arch=sm_90"}
mkdir -p "$out"
e2e=$root/tests/e2e

echo "== date: $(date -u '+%Y-%m-%d %H:%M UTC')"
"$nvcc" --version | tail -n 2
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

summary=""
for name in tex2d_modes tex_shapes tex_border tex_mip_hand tex_values tex_view_format \
    tex_cub_iterator surf_rw surf_trap; do
  echo "================ $name"
  timeout 300 "$e2e/run.sh" "$nvcc" "$flags" "$out" "$name" "$e2e/$name.cu"
  rc=$?
  summary+="$name: $( [ $rc = 0 ] && echo PASS || echo FAIL)"$'\n'
done
echo "================ summary"
printf '%s' "$summary"
