#!/bin/sh
# compile.sh regenerates Registry.abi and Registry.bin from Registry.sol with solc from
# the npm registry (solc-js 0.8.x, optimizer on, EVM version cancun). It installs solc
# into a temporary directory, so nothing is left in the tree but the two outputs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
version=${SOLC_VERSION:-0.8.37}
(cd "$tmp" && npm init -y >/dev/null && npm install --silent "solc@$version" >/dev/null)
cat >"$tmp/compile.js" <<'JS'
const fs = require("fs");
const solc = require("solc");
const [src, abiOut, binOut] = process.argv.slice(2);
const input = {
  language: "Solidity",
  sources: { "Registry.sol": { content: fs.readFileSync(src, "utf8") } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: "cancun",
    metadata: { bytecodeHash: "none" },
    outputSelection: { "*": { Registry: ["abi", "evm.bytecode.object"] } },
  },
};
const out = JSON.parse(solc.compile(JSON.stringify(input)));
const errs = (out.errors || []).filter((e) => e.severity === "error");
if (errs.length) { console.error(errs.map((e) => e.formattedMessage).join("\n")); process.exit(1); }
const c = out.contracts["Registry.sol"].Registry;
fs.writeFileSync(abiOut, JSON.stringify(c.abi, null, 1) + "\n");
fs.writeFileSync(binOut, c.evm.bytecode.object + "\n");
console.log("solc " + solc.version());
JS
(cd "$tmp" && node compile.js "$here/Registry.sol" "$here/Registry.abi" "$here/Registry.bin")
echo "wrote $here/Registry.abi and $here/Registry.bin"
