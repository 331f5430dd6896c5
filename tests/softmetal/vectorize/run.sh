#!/bin/sh
# Unit tests of softmetal's vectorizer: each .ll here is run through sm-vectorize and its
# output checked against the file's CHECK lines with LLVM's FileCheck.
# usage: run.sh SM_VECTORIZE FILECHECK DIR WORKDIR
set -e
tool=$1 filecheck=$2 dir=$3 work=$4
mkdir -p "$work"
status=0
for f in "$dir"/*.ll; do
  name=$(basename "$f" .ll)
  if "$tool" "$f" "$work/$name.out.ll" >"$work/$name.log" 2>&1 &&
     "$filecheck" "$f" --input-file "$work/$name.out.ll"; then
    echo "PASS: $name"
  else
    echo "FAIL: $name"; cat "$work/$name.log"; status=1
  fi
done
exit $status
