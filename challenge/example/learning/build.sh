#!/bin/sh
# build.sh rebuilds the example learning submissions into modules/ (or into the directory
# given as the first argument) with the flags of challenge/example/build.sh, which make the
# build reproducible: the bytes depend only on the source and the Go version (go.mod's).
# The test in this directory rebuilds them and fails when the committed modules differ.
set -eu
cd "$(dirname "$0")"
out="${1:-modules}"
mkdir -p "$out"
export CGO_ENABLED=0 GOOS=wasip1 GOARCH=wasm GOFLAGS= GOWASM= GOEXPERIMENT=
flags="-s -w -buildid="
for s in order2 mix; do
	go build -trimpath -buildvcs=false -buildmode=c-shared -ldflags="$flags" -o "$out/$s-arch.wasm" ./$s/arch
	go build -trimpath -buildvcs=false -buildmode=c-shared -ldflags="$flags" -o "$out/$s-train.wasm" ./$s/train
done
chmod 644 "$out"/*.wasm
