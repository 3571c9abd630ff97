/**
 * JSON in and out of the RPC with exact u64s.
 *
 * Solana writes u64 values (lamports, slots, rent epochs) as bare JSON integers, some of them beyond 2^53.
 * `stringifyJson` writes a bigint as its decimal digits; `parseJson` reads an integer literal that a double
 * cannot hold exactly as a bigint, so a request for u64::MAX lamports is not silently rounded.
 */

/** Thrown by parseJson on text that is not JSON. */
export class JsonSyntaxError extends Error {}

/** Integers this long may not fit a double exactly; text without them takes the native parser. */
export const LONG_DIGIT_RUN = /\d{16}/;

export function parseJson(text: string): unknown {
  if (!LONG_DIGIT_RUN.test(text)) {
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new JsonSyntaxError((e as Error).message);
    }
  }
  return new ExactParser(text).document();
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;
const LITERALS: [string, boolean | null][] = [
  ["true", true],
  ["false", false],
  ["null", null],
];

/** A plain recursive-descent JSON reader; strings are handed to JSON.parse for their escapes. */
class ExactParser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

  document(): unknown {
    const value = this.value();
    this.skipWhitespace();
    if (this.pos !== this.text.length) this.fail();
    return value;
  }

  private fail(): never {
    throw new JsonSyntaxError(`Unexpected input at position ${this.pos}`);
  }

  private skipWhitespace(): void {
    WHITESPACE.lastIndex = this.pos;
    WHITESPACE.exec(this.text);
    this.pos = WHITESPACE.lastIndex;
  }

  private value(): unknown {
    this.skipWhitespace();
    const c = this.text[this.pos];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    for (const [word, value] of LITERALS) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    return this.number();
  }

  private enter(): void {
    if (++this.depth > 512) this.fail();
    this.pos++;
  }

  private object(): Record<string, unknown> {
    this.enter();
    const out: Record<string, unknown> = {};
    this.skipWhitespace();
    if (this.text[this.pos] === "}") {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.pos] !== '"') this.fail();
      const key = this.string();
      this.skipWhitespace();
      if (this.text[this.pos] !== ":") this.fail();
      this.pos++;
      const value = this.value();
      if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
      this.skipWhitespace();
      const c = this.text[this.pos++];
      if (c === "}") break;
      if (c !== ",") this.fail();
    }
    this.depth--;
    return out;
  }

  private array(): unknown[] {
    this.enter();
    const out: unknown[] = [];
    this.skipWhitespace();
    if (this.text[this.pos] === "]") {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.skipWhitespace();
      const c = this.text[this.pos++];
      if (c === "]") break;
      if (c !== ",") this.fail();
    }
    this.depth--;
    return out;
  }

  private string(): string {
    const start = this.pos;
    let i = start + 1;
    for (;;) {
      const c = this.text.charCodeAt(i);
      if (Number.isNaN(c)) this.fail();
      if (c === 0x22) break;
      i += c === 0x5c ? 2 : 1;
    }
    this.pos = i + 1;
    try {
      return JSON.parse(this.text.slice(start, this.pos)) as string;
    } catch {
      this.pos = start;
      return this.fail();
    }
  }

  private number(): number | bigint {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail();
    this.pos = NUMBER.lastIndex;
    const literal = match[0];
    if (match[1] === undefined && match[2] === undefined) {
      const n = Number(literal);
      return Number.isSafeInteger(n) ? n : BigInt(literal);
    }
    return Number(literal);
  }
}

/**
 * JSON.stringify with bigints written as bare integers. Object properties that are undefined are left out and
 * undefined array entries become null, as JSON.stringify does; objects with toJSON (web3.js PublicKey) use it.
 */
export function stringifyJson(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join("");
}

function write(value: unknown, out: string[]): void {
  switch (typeof value) {
    case "string":
      out.push(JSON.stringify(value));
      return;
    case "number":
      out.push(Number.isFinite(value) ? String(value) : "null");
      return;
    case "bigint":
      out.push(value.toString());
      return;
    case "boolean":
      out.push(value ? "true" : "false");
      return;
    case "undefined":
    case "function":
    case "symbol":
      out.push("null");
      return;
    case "object":
      break;
  }
  if (value === null) {
    out.push("null");
    return;
  }
  if (Array.isArray(value)) {
    out.push("[");
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(",");
      write(value[i], out);
    }
    out.push("]");
    return;
  }
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === "function") {
    write(withJson.toJSON(), out);
    return;
  }
  const object = value as Record<string, unknown>;
  out.push("{");
  let first = true;
  for (const key of Object.keys(object)) {
    const item = object[key];
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    if (!first) out.push(",");
    first = false;
    out.push(JSON.stringify(key), ":");
    write(item, out);
  }
  out.push("}");
}
