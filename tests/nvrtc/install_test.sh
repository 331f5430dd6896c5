#!/usr/bin/env bash
# install_test.sh — libnvrtc from an installed prefix: `cmake --install BUILD
# --prefix P`, a program linked against P/lib/libnvrtc.so compiles a kernel
# that includes Anchor's headers (found relative to the library, no -I); the
# library alone, without <root>/bin/anchorcc, fails with
# NVRTC_ERROR_BUILTIN_OPERATION_FAILURE and says why. The library is libnvrtc.so.13
# (NVIDIA's name), libnvrtc.so a link to it.
#
#   install_test.sh BUILD_DIR nvrtc_installed.c CC [CFLAGS]
set -u
build=$1 src=$2 cc=$3 cflags=${4:-}
work=$(mktemp -d "${TMPDIR:-/tmp}/nvrtc-install-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
step() {
  echo "+ $*"
  "$@" 2>&1 || { echo "FAIL: '$1' exited with status $?"; exit 1; }
}
step cmake --install "$build" --prefix "$work/prefix"
# NVIDIA's library name (dlopen("libnvrtc.so.13")), the program needs it by that name.
step test -e "$work/prefix/lib/libnvrtc.so.13"
# shellcheck disable=SC2086 # CFLAGS is a list of words
step "$cc" $cflags -std=c17 -I"$work/prefix/include" "$src" -L"$work/prefix/lib" -lnvrtc \
  -Wl,-rpath,"$work/prefix/lib" -o "$work/installed"
readelf -d "$work/installed" | grep -q 'NEEDED.*\[libnvrtc\.so\.13\]' ||
  { echo "FAIL: the program does not need libnvrtc.so.13"; exit 1; }
step "$work/installed"
mkdir -p "$work/lone/lib" && cp "$work/prefix/lib/"libnvrtc.so* "$work/lone/lib/" || exit 1
# shellcheck disable=SC2086 # CFLAGS is a list of words
step "$cc" $cflags -std=c17 -I"$work/prefix/include" "$src" -L"$work/lone/lib" -lnvrtc \
  -Wl,-rpath,"$work/lone/lib" -o "$work/lone/probe"
step "$work/lone/probe" --no-anchorcc
echo PASS
