// What the server accepts as an address: base58 text of exactly 32 bytes.
import bs58 from "bs58";

export function isAddress(text: string): boolean {
  try {
    return bs58.decode(text).length === 32;
  } catch {
    return false;
  }
}
