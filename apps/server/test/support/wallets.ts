// Wallets that sign like a browser wallet's signMessage (real Ed25519 keys), and the session cookie a sign-in sets.
import { generateKeyPairSync, sign } from "node:crypto";
import bs58 from "bs58";

export interface TestWallet {
  readonly address: string;
  sign(text: string): Buffer;
}

export function newWallet(): TestWallet {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const x = publicKey.export({ format: "jwk" }).x!;
  return { address: bs58.encode(Buffer.from(x, "base64url")), sign: (text) => sign(null, Buffer.from(text, "utf8"), privateKey) };
}

/** The `name=value` of the session cookie a reply set, and its attributes. */
export function sessionCookie(headers: Headers): { pair: string; attributes: string } | null {
  const line = headers.getSetCookie().find((c) => c.startsWith("ballast_session="));
  if (!line) return null;
  const [pair, ...attributes] = line.split("; ");
  return { pair: pair!, attributes: attributes.join("; ") };
}
