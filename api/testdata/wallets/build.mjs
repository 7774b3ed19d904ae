// Builds a transaction's EIP-712 typed data as a wallet's client does, from nothing but
// what the node serves (GET /v1/typed-data/types and GET /v1/arena) and the README's
// rules, and writes its digest. Run as `node build.mjs URL`: reads one transaction's wire
// JSON (unsigned) a line on stdin and writes one line per input, the digest as 0x hex,
// by ethers' TypedDataEncoder.
import { TypedDataEncoder, ZeroAddress, keccak256, toUtf8Bytes } from "ethers";
import readline from "node:readline";

const node = process.argv[2];
const get = async (path) => {
  const resp = await fetch(node + path);
  if (!resp.ok) throw new Error(`GET ${path}: ${resp.status} ${await resp.text()}`);
  return resp.json();
};
const { kinds } = await get("/v1/typed-data/types");
const arena = await get("/v1/arena");

// The envelope's fields, the first seven of every primary type, from the wire's names.
const envelope = { arena: "arena", chain: "chain", account: "from", nonce: "nonce", validUntil: "valid_until", maxFee: "max_fee", value: "value" };

// The match receipt is the one struct whose JSON is not its signed form: its fields are
// signed under their Go names, and its reason as its index in this list.
const receiptType = "ReceiptReceipt";
const receiptJSON = { match: "match", turn: "turn", agent: "agent", promptHash: "prompt_hash", responseHash: "response_hash", move: "move", fallback: "fallback", reason: "reason", startedAt: "started_at", finishedAt: "finished_at", chainID: "signature_chain_id" };
const reasons = ["none", "invalid_json", "illegal_move", "timeout", "provider_error"];

// value returns the wire JSON v (undefined where the JSON omits the field) as a field of
// EIP-712 type type, among types, signs it.
function value(types, type, v, inReceipt) {
  if (type.endsWith("[]")) {
    const elem = type.slice(0, -2);
    if (v === undefined || v === null) return []; // omitted: empty; an absent optional struct: none
    if (Array.isArray(v)) return v.map((e) => value(types, elem, e, false));
    return [value(types, elem, v, false)]; // an optional struct that is there: a list of one
  }
  if (types[type]) return struct(types, type, v ?? {});
  if (type === "bytes32") return inReceipt ? v : keccak256(toUtf8Bytes(v ?? "")); // a receipt's hash as it is; a large text as its keccak256
  if (type === "string") return v ?? "";
  if (type === "bool") return v ?? false;
  if (type === "address") return v ?? ZeroAddress;
  if (/^u?int\d+$/.test(type)) return v ?? 0;
  if (type === "bytes") return Buffer.from(v ?? "", "base64"); // the JSON's base64, decoded
  throw new Error("no rule for type " + type);
}

function struct(types, name, obj) {
  const out = {};
  for (const f of types[name]) {
    if (name === receiptType) {
      let v = obj[receiptJSON[f.name]];
      if (f.name === "reason") v = reasons.indexOf(v ?? "none");
      out[f.name] = value(types, f.type, v, true);
    } else {
      out[f.name] = value(types, f.type, obj[f.name], false);
    }
  }
  return out;
}

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const tx = JSON.parse(line);
  const { primaryType, types: all } = kinds[tx.kind];
  const types = { ...all };
  delete types.EIP712Domain; // ethers derives it from the domain
  const message = {};
  for (const f of types[primaryType]) {
    message[f.name] = f.name in envelope ? tx[envelope[f.name]] : value(types, f.type, (tx.body ?? {})[f.name], false);
  }
  const domain = { ...arena.domain, chainId: tx.signature_chain_id };
  process.stdout.write(TypedDataEncoder.hash(domain, types, message) + "\n");
}
