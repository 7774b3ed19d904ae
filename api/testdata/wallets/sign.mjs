// Signs typed data with real wallet libraries, as a wallet's client does: reads
// {"key": "0x...", "library": "ethers"|"viem"|"eth-sig-util", "typedData": {...}} lines on
// stdin (the typed data exactly as POST /v1/typed-data answers it) and writes one line
// per input: the 65-byte signature as 0x hex.
import { Wallet } from "ethers";
import { privateKeyToAccount } from "viem/accounts";
import { signTypedData, SignTypedDataVersion } from "@metamask/eth-sig-util";
import readline from "node:readline";

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const { key, library, typedData: td } = JSON.parse(line);
  const types = { ...td.types };
  delete types.EIP712Domain; // ethers and viem derive it from the domain
  let sig;
  switch (library) {
    case "ethers":
      sig = await new Wallet(key).signTypedData(td.domain, types, td.message);
      break;
    case "viem":
      sig = await privateKeyToAccount(key).signTypedData({ domain: td.domain, types, primaryType: td.primaryType, message: td.message });
      break;
    case "eth-sig-util":
      sig = signTypedData({ privateKey: Buffer.from(key.slice(2), "hex"), data: td, version: SignTypedDataVersion.V4 });
      break;
    default:
      throw new Error("unknown library " + library);
  }
  process.stdout.write(sig + "\n");
}
