#!/bin/sh
# compile.sh regenerates the ABI and bytecode of each contract in this directory
# (Registry.sol to Registry.abi and Registry.bin, ReceiptVerifier.sol to
# ReceiptVerifier.abi and ReceiptVerifier.bin) with solc from the npm registry (solc-js
# 0.8.x, optimizer on, EVM version cancun, no metadata hash). It installs solc into a
# temporary directory, so nothing is left in the tree but the outputs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
version=${SOLC_VERSION:-0.8.37}
(cd "$tmp" && npm init -y >/dev/null && npm install --silent "solc@$version" >/dev/null)
cat >"$tmp/compile.js" <<'JS'
const fs = require("fs");
const path = require("path");
const solc = require("solc");
const [dir, name] = process.argv.slice(2);
const file = name + ".sol";
const input = {
  language: "Solidity",
  sources: { [file]: { content: fs.readFileSync(path.join(dir, file), "utf8") } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: "cancun",
    metadata: { bytecodeHash: "none" },
    outputSelection: { "*": { [name]: ["abi", "evm.bytecode.object"] } },
  },
};
const out = JSON.parse(solc.compile(JSON.stringify(input)));
const errs = (out.errors || []).filter((e) => e.severity === "error");
if (errs.length) { console.error(errs.map((e) => e.formattedMessage).join("\n")); process.exit(1); }
const c = out.contracts[file][name];
fs.writeFileSync(path.join(dir, name + ".abi"), JSON.stringify(c.abi, null, 1) + "\n");
fs.writeFileSync(path.join(dir, name + ".bin"), c.evm.bytecode.object + "\n");
console.log(name + ": solc " + solc.version());
JS
for name in Registry ReceiptVerifier; do
	(cd "$tmp" && node compile.js "$here" "$name")
	echo "wrote $here/$name.abi and $here/$name.bin"
done
