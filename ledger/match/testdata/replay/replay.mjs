// replay.mjs replays arena episodes as the README's "Episodes" and "Checking a match
// without the source" state them, written from that text alone, with nothing but Node:
// its own keccak256, SplitMix64 generator, battle rules and event encoding.
//
//   node replay.mjs DIR    checks every DIR/*.json episode; prints "ok N episodes", or
//                          one line per episode that does not replay, and exits 1.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

// ---- keccak256 (the original Keccak padding 0x01, rate 136 bytes), lanes as 32-bit halves.
const RC = [
  "0000000000000001", "0000000000008082", "800000000000808a", "8000000080008000",
  "000000000000808b", "0000000080000001", "8000000080008081", "8000000000008009",
  "000000000000008a", "0000000000000088", "0000000080008009", "000000008000000a",
  "000000008000808b", "800000000000008b", "8000000000008089", "8000000000008003",
  "8000000000008002", "8000000000000080", "000000000000800a", "800000008000000a",
  "8000000080008081", "8000000000008080", "0000000080000001", "8000000080008008",
].map((h) => [parseInt(h.slice(8), 16) >>> 0, parseInt(h.slice(0, 8), 16) >>> 0]);
// ROT[x + 5y] is the rotation of lane (x, y).
const ROT = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];

function rotl(lo, hi, n) {
  if (n >= 32) [lo, hi, n] = [hi, lo, n - 32];
  if (n === 0) return [lo >>> 0, hi >>> 0];
  return [((lo << n) | (hi >>> (32 - n))) >>> 0, ((hi << n) | (lo >>> (32 - n))) >>> 0];
}

function permute(s) { // s: Uint32Array(50), lane i at s[2i] (low) and s[2i+1] (high)
  const c = new Uint32Array(10), b = new Uint32Array(50);
  for (let round = 0; round < 24; round++) {
    for (let x = 0; x < 5; x++) {
      c[2 * x] = s[2 * x] ^ s[2 * x + 10] ^ s[2 * x + 20] ^ s[2 * x + 30] ^ s[2 * x + 40];
      c[2 * x + 1] = s[2 * x + 1] ^ s[2 * x + 11] ^ s[2 * x + 21] ^ s[2 * x + 31] ^ s[2 * x + 41];
    }
    for (let x = 0; x < 5; x++) {
      const p = (x + 4) % 5, q = (x + 1) % 5;
      const [rl, rh] = rotl(c[2 * q], c[2 * q + 1], 1);
      const dl = c[2 * p] ^ rl, dh = c[2 * p + 1] ^ rh;
      for (let y = 0; y < 5; y++) { s[2 * (x + 5 * y)] ^= dl; s[2 * (x + 5 * y) + 1] ^= dh; }
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        const i = x + 5 * y, j = y + 5 * ((2 * x + 3 * y) % 5);
        const [l, h] = rotl(s[2 * i], s[2 * i + 1], ROT[i]);
        b[2 * j] = l; b[2 * j + 1] = h;
      }
    }
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 5; x++) {
        const i = x + 5 * y, i1 = (x + 1) % 5 + 5 * y, i2 = (x + 2) % 5 + 5 * y;
        s[2 * i] = b[2 * i] ^ (~b[2 * i1] & b[2 * i2]);
        s[2 * i + 1] = b[2 * i + 1] ^ (~b[2 * i1 + 1] & b[2 * i2 + 1]);
      }
    }
    s[0] ^= RC[round][0]; s[1] ^= RC[round][1];
  }
}

export function keccak256(bytes) {
  const rate = 136, s = new Uint32Array(50);
  const padded = new Uint8Array((Math.floor(bytes.length / rate) + 1) * rate);
  padded.set(bytes);
  padded[bytes.length] ^= 0x01;
  padded[padded.length - 1] ^= 0x80;
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 4; i++) {
      const k = off + 4 * i;
      s[i] ^= (padded[k] | (padded[k + 1] << 8) | (padded[k + 2] << 16) | (padded[k + 3] << 24)) >>> 0;
    }
    permute(s);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = (s[i >> 2] >>> (8 * (i & 3))) & 0xff;
  return out;
}

const hex = (b) => "0x" + Buffer.from(b).toString("hex");
const unhex = (h) => {
  if (!/^0x[0-9a-fA-F]*$/.test(h) || h.length % 2) throw new Error(`not hex: ${h}`);
  return Uint8Array.from(Buffer.from(h.slice(2), "hex"));
};
const textHash = (t) => hex(keccak256(Buffer.from(t, "utf8")));

// ---- the battle, as the README states it.
const MASK = (1n << 64n) - 1n;
const MOVES = ["attack", "defend", "charge", "heal"];

class Battle {
  constructor(seed) {
    const h = keccak256(seed);
    this.s = 0n;
    for (let i = 0; i < 8; i++) this.s = (this.s << 8n) | BigInt(h[i]);
    this.turn = 0; this.hp = [100, 100]; this.charges = [0, 0]; this.over = false; this.winner = null;
  }
  draw() {
    this.s = (this.s + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }
  roll(n) { return Number(this.draw() % BigInt(n + 1)); }
  // play resolves one turn of moves by name and returns its events as JSON texts.
  play(m) {
    if (this.over) throw new Error(`turn ${this.turn + 1} after the end`);
    this.turn++;
    const ev = [];
    const emit = (agent, kind, value) =>
      ev.push(`{"turn":${this.turn},"agent":${agent},"kind":"${kind}","value":${value},"hp":[${this.hp[0]},${this.hp[1]}]}`);
    const roll = [null, null];
    for (const i of [0, 1]) {
      if (!MOVES.includes(m[i])) throw new Error(`turn ${this.turn}: agent ${i}: not a move: ${m[i]}`);
      if (m[i] === "attack") roll[i] = this.roll(10);
      if (m[i] === "heal") roll[i] = this.roll(7);
    }
    for (const i of [0, 1]) emit(i, "move", MOVES.indexOf(m[i]));
    for (const i of [0, 1]) {
      if (m[i] !== "charge") continue;
      this.charges[i] = Math.min(this.charges[i] + 1, 2);
      emit(i, "charge", this.charges[i]);
    }
    for (const i of [0, 1]) {
      if (m[i] !== "heal") continue;
      const gain = Math.min(8 + roll[i], 100 - this.hp[i]);
      this.hp[i] += gain;
      emit(i, "heal", gain);
    }
    const dmg = [null, null];
    for (const i of [0, 1]) {
      if (m[i] !== "attack") continue;
      const strength = 10 + roll[i] + 15 * this.charges[i], t = 1 - i;
      dmg[t] = m[t] === "defend" ? Math.floor(strength / 2) : m[t] === "heal" ? strength + 5 : strength;
    }
    for (const i of [0, 1]) if (m[i] === "attack") this.charges[i] = 0;
    for (const i of [0, 1]) {
      if (dmg[i] === null) continue;
      this.hp[i] = Math.max(0, this.hp[i] - dmg[i]);
      emit(i, "damage", dmg[i]);
    }
    if (this.hp[0] === 0 || this.hp[1] === 0 || this.turn === 20) {
      this.winner = this.hp[0] > this.hp[1] ? 0 : this.hp[1] > this.hp[0] ? 1 : -1;
      this.over = true;
      emit(this.winner, "end", 0);
    }
    return ev;
  }
}

// ---- an episode, field by field as the README's "Episodes" states them.
const REASONS = ["none", "invalid_json", "illegal_move", "timeout", "provider_error"];

const eventText = (e) => `{"turn":${e.turn},"agent":${e.agent},"kind":"${e.kind}","value":${e.value},"hp":[${e.hp[0]},${e.hp[1]}]}`;

// check returns the first way episode e does not replay, or "" when it does.
export function check(e) {
  if (e.format !== "arena-episode/1") return `format ${JSON.stringify(e.format)}`;
  for (const i of [0, 1]) {
    const a = e.agents[i];
    if (textHash(a.system_prompt) !== a.system_prompt_hash) return `agent ${i}: system_prompt_hash is not keccak256 of its system prompt`;
  }
  const secret = unhex(e.secret), anchor = unhex(e.anchor);
  if (secret.length !== 32 || anchor.length !== 32) return "secret or anchor is not 32 bytes";
  const seed = keccak256(Uint8Array.from([...secret, ...anchor]));
  if (hex(seed) !== e.seed) return `seed ${e.seed}, keccak256(secret || anchor) ${hex(seed)}`;
  const g = new Battle(seed), log = [];
  for (const t of e.turns) {
    if (t.turn !== g.turn + 1) return `turn ${t.turn} follows turn ${g.turn}`;
    if (g.over) return `turn ${t.turn} after the end`;
    if (t.decisions.length !== 2) return `turn ${t.turn}: ${t.decisions.length} decisions`;
    for (const i of [0, 1]) {
      const d = t.decisions[i], r = d.receipt;
      const why = decision(e, t, i, d, r);
      if (why) return `turn ${t.turn} agent ${i}: ${why}`;
    }
    const got = g.play(t.moves), published = t.events.map(eventText);
    if (got.join("\n") !== published.join("\n")) return `turn ${t.turn}: events\n${published.join("\n")}\nreplay\n${got.join("\n")}`;
    log.push(...got);
  }
  if (!g.over) return `not over after turn ${g.turn}`;
  if (g.winner !== e.winner) return `winner ${e.winner}, replay ${g.winner}`;
  const result = hex(keccak256(Buffer.from("[" + log.join(",") + "]", "utf8")));
  if (result !== e.result_hash) return `result_hash ${e.result_hash}, replay ${result}`;
  return "";
}

// decision checks one decision against its turn's move and its receipt's fields.
function decision(e, t, i, d, r) {
  if (d.agent !== i || r.agent !== i) return `decision of agent ${d.agent}, receipt of agent ${r.agent}`;
  if (d.move !== t.moves[i] || r.move !== MOVES.indexOf(t.moves[i])) return `move ${t.moves[i]}, decision ${d.move}, receipt ${r.move}`;
  if (r.match !== e.match || r.turn !== t.turn) return `receipt of match ${r.match} turn ${r.turn}`;
  if (textHash(d.prompt) !== r.prompt_hash) return "prompt_hash is not keccak256 of the prompt";
  if (textHash(d.response) !== r.response_hash) return "response_hash is not keccak256 of the response";
  if (!REASONS.includes(r.reason) || r.fallback !== (r.reason !== "none") || d.fallback !== r.fallback) return `fallback ${r.fallback} with reason ${r.reason}`;
  if (r.fallback && d.move !== "defend") return "a fallback that is not defend";
  return "";
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  if (keccak256(new Uint8Array(0)).join() !== unhex("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470").join()) {
    console.error("keccak256 of the empty string is wrong");
    process.exit(2);
  }
  const dir = process.argv[2];
  const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  let bad = 0;
  for (const f of files) {
    let why;
    try {
      why = check(JSON.parse(readFileSync(join(dir, f), "utf8")));
    } catch (err) {
      why = String(err);
    }
    if (why) {
      bad++;
      console.log(`${f}: ${why}`);
    }
  }
  if (bad) process.exit(1);
  console.log(`ok ${files.length} episodes`);
}
