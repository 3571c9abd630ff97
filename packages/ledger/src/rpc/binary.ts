import bs58 from "bs58";
import { invalidParams } from "./errors.js";
import { elementAt } from "../indexing.js";

/**
 * Strict decoding of the base64 and base58 text clients send, with the error text Solana's RPC gives
 * (`invalid base64 encoding: InvalidByte(0, 64)`): Buffer.from(text, "base64") would silently skip bad input.
 */

const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < BASE64_ALPHABET.length; i++) BASE64_VALUE[BASE64_ALPHABET.charCodeAt(i)] = i;

const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Whether text is canonical padded base64, read without allocating: the common case of every sendTransaction. */
function isCanonicalBase64(text: string): boolean {
  const length = text.length;
  if (length % 4 !== 0) return false;
  let symbols = length;
  if (length > 0 && text.charCodeAt(length - 1) === 0x3d) symbols = text.charCodeAt(length - 2) === 0x3d ? length - 2 : length - 1;
  for (let i = 0; i < symbols; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || elementAt(BASE64_VALUE, code) < 0) return false;
  }
  const lastBits = symbols % 4 === 2 ? 0x0f : symbols % 4 === 3 ? 0x03 : 0;
  return lastBits === 0 || (elementAt(BASE64_VALUE, text.charCodeAt(symbols - 1)) & lastBits) === 0;
}

/** Why text is not canonical padded base64, in the Debug spelling of Rust's base64 DecodeError; null if it is. */
export function base64Problem(text: string): string | null {
  if (isCanonicalBase64(text)) return null;
  const bytes = Buffer.from(text, "utf8");
  let symbols = bytes.length;
  for (const [i, b] of bytes.entries()) {
    if (b === 0x3d) {
      if (symbols === bytes.length) symbols = i;
      continue;
    }
    // Padding may only end the text.
    if (symbols !== bytes.length) return `InvalidByte(${symbols}, 61)`;
    if (b >= 128 || elementAt(BASE64_VALUE, b) < 0) return `InvalidByte(${i}, ${b})`;
  }
  if (symbols % 4 === 1) return `InvalidLength(${symbols})`;
  const padding = bytes.length - symbols;
  if (padding !== (4 - (symbols % 4)) % 4) return "InvalidPadding";
  const lastBits = symbols % 4 === 2 ? 0x0f : symbols % 4 === 3 ? 0x03 : 0;
  if (lastBits === 0) return null;
  const last = bytes.readUInt8(symbols - 1);
  if ((elementAt(BASE64_VALUE, last) & lastBits) !== 0) return `InvalidLastSymbol(${symbols - 1}, ${last})`;
  return null;
}

/** Rust's Debug spelling of a char. */
function debugChar(code: number): string {
  if (code === 0x27) return "'\\''";
  if (code === 0x5c) return "'\\\\'";
  if (code >= 0x20 && code < 0x7f) return `'${String.fromCharCode(code)}'`;
  return `'\\u{${code.toString(16)}}'`;
}

/** Why text is not base58, in the Debug spelling of the bs58 crate's error; null if it is. */
export function base58Problem(text: string): string | null {
  const bytes = Buffer.from(text, "utf8");
  for (const [i, b] of bytes.entries()) {
    if (b >= 128) return `NonAsciiCharacter { index: ${i} }`;
    if (!BASE58_ALPHABET.includes(String.fromCharCode(b))) return `InvalidCharacter { character: ${debugChar(b)}, index: ${i} }`;
  }
  return null;
}

export function decodeBase64(text: string): Buffer {
  const problem = base64Problem(text);
  if (problem) throw invalidParams(`invalid base64 encoding: ${problem}`);
  return Buffer.from(text, "base64");
}

export function decodeBase58(text: string): Buffer {
  const problem = base58Problem(text);
  if (problem) throw invalidParams(`invalid base58 encoding: ${problem}`);
  return Buffer.from(bs58.decode(text));
}

export type BinaryEncoding = "base58" | "base64";

export function decodeBinary(text: string, encoding: BinaryEncoding): Buffer {
  return encoding === "base64" ? decodeBase64(text) : decodeBase58(text);
}
