// Keypairs the sandbox derives from its admin's secret (seed depositors, simulated users): the same on every start,
// so a restart finds their accounts again without storing more secrets.
import { createHash } from "node:crypto";
import { Keypair } from "@solana/web3.js";

export function derivedKeypair(admin: Keypair, label: string): Keypair {
  const seed = createHash("sha256").update(admin.secretKey).update(`ballast-sandbox:${label}`).digest();
  return Keypair.fromSeed(seed);
}
