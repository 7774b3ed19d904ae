#!/bin/sh
# build.sh rebuilds the example bench and agents into modules/ (or into the directory given
# as the first argument) with the flags that make the build reproducible. The bytes depend
# only on the source and the Go version (go.mod's); the test in this directory rebuilds
# them and fails when the committed modules differ.
set -eu
cd "$(dirname "$0")"
out="${1:-modules}"
mkdir -p "$out"
export CGO_ENABLED=0 GOOS=wasip1 GOARCH=wasm GOFLAGS= GOWASM= GOEXPERIMENT=
flags="-s -w -buildid="
go build -trimpath -buildvcs=false -ldflags="$flags" -o "$out/toolbench.wasm" ./bench
go build -trimpath -buildvcs=false -buildmode=c-shared -ldflags="$flags" -o "$out/steady.wasm" ./agents/steady
go build -trimpath -buildvcs=false -buildmode=c-shared -ldflags="$flags -X main.variant=plus" -o "$out/steady-plus.wasm" ./agents/steady
go build -trimpath -buildvcs=false -buildmode=c-shared -ldflags="$flags" -o "$out/sharp.wasm" ./agents/sharp
chmod 644 "$out"/*.wasm
