import type { Address } from "../account.js";
import { InstructionError } from "../errors.js";
import { elementAt } from "../indexing.js";
import type { InstructionContext, Program } from "../runtime/program.js";

export const MEMO_PROGRAM_ID: Address = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
export const MEMO_V1_PROGRAM_ID: Address = "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo";

/**
 * Compute roughly as the deployed v2 program burns it: validating and Debug-formatting the memo costs per byte,
 * far more per non-ASCII character, and formatting each signer's address is dear.
 */
const V2_BASE_UNITS = 1400;
const V2_BYTE_UNITS = 352;
const V2_NON_ASCII_UNITS = 8800;
const V2_SIGNER_UNITS = 13_500;
const V1_BASE_UNITS = 600;
const V1_BYTE_UNITS = 12;

/**
 * Length of the longest valid UTF-8 prefix of `bytes` (Rust's Utf8Error::valid_up_to), or null when all of it is
 * valid. Overlong forms, surrogates and code points past U+10FFFF are invalid, as in Rust.
 */
function invalidUtf8At(bytes: Uint8Array): number | null {
  let i = 0;
  while (i < bytes.length) {
    const b = elementAt(bytes, i);
    if (b < 0x80) {
      i++;
      continue;
    }
    let width: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) width = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      width = 3;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      width = 4;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + width > bytes.length) return i;
    // Only the first continuation byte has a narrowed range; the rest are plain 0x80..0xBF.
    const first = elementAt(bytes, i + 1);
    if (first < lo || first > hi) return i;
    for (let k = 2; k < width; k++) {
      const next = elementAt(bytes, i + k);
      if (next < 0x80 || next > 0xbf) return i;
    }
    i += width;
  }
  return null;
}

/** Characters Rust's `{:?}` escapes as \u{..}: non-printable categories (bar the space) and grapheme extenders. */
const UNICODE_ESCAPED = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\p{Grapheme_Extend}]/u;

/** A string as Rust's Debug formats it, quotes included. */
function rustDebugString(text: string): string {
  let out = '"';
  for (const ch of text) {
    if (ch === "\t") out += "\\t";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\\") out += "\\\\";
    else if (ch === '"') out += '\\"';
    else if (ch !== " " && UNICODE_ESCAPED.test(ch)) out += `\\u{${ch.codePointAt(0)!.toString(16)}}`;
    else out += ch;
  }
  return out + '"';
}

function countNonAscii(bytes: Uint8Array): number {
  let n = 0;
  // Lead bytes only (not 10xxxxxx continuation bytes), i.e. one per non-ASCII character.
  for (const b of bytes) if (b >= 0xc0) n++;
  return n;
}

/**
 * Memo v2: every account passed must have signed, and each signer is logged; then the memo must be UTF-8 and is
 * logged with its byte length.
 */
function executeV2(ctx: InstructionContext): void {
  const bytes = ctx.data;
  const signers = ctx.accounts.filter((a) => a.isSigner).length;
  ctx.consume(V2_BASE_UNITS + V2_BYTE_UNITS * bytes.length + V2_NON_ASCII_UNITS * countNonAscii(bytes) + V2_SIGNER_UNITS * signers);
  let missingSignature = false;
  for (const a of ctx.accounts) {
    if (a.isSigner) ctx.log(`Signed by ${a.key}`);
    else missingSignature = true;
  }
  if (missingSignature) throw new InstructionError("MissingRequiredSignature");
  const invalidAt = invalidUtf8At(bytes);
  if (invalidAt !== null) {
    ctx.log(`Invalid UTF-8, from byte ${invalidAt}`);
    throw new InstructionError("InvalidInstructionData");
  }
  ctx.log(`Memo (len ${bytes.length}): ${rustDebugString(bytes.toString("utf8"))}`);
}

/** Memo v1 only insists on UTF-8: it neither checks signers nor logs anything. */
function executeV1(ctx: InstructionContext): void {
  ctx.consume(V1_BASE_UNITS + V1_BYTE_UNITS * ctx.data.length);
  if (invalidUtf8At(ctx.data) !== null) throw new InstructionError("InvalidInstructionData");
}

export const memoProgram: Program = { id: MEMO_PROGRAM_ID, builtin: false, execute: executeV2 };
export const memoV1Program: Program = { id: MEMO_V1_PROGRAM_ID, builtin: false, execute: executeV1 };
