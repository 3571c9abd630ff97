import { describe, expect, it } from "vitest";
import { base58Problem, base64Problem } from "../../src/rpc/binary.js";
import { seededRandom } from "../support/random.js";
import { JsonSyntaxError, parseJson, stringifyJson } from "../../src/rpc/json.js";

describe("stringifyJson", () => {
  it("writes bigints as bare integers and otherwise matches JSON.stringify", () => {
    expect(
      stringifyJson({ a: 18446744073709551615n, b: [1n, -2n, 0n], c: 'x"y\n', d: undefined, e: [undefined, null, true, 1.5, NaN] }),
    ).toBe('{"a":18446744073709551615,"b":[1,-2,0],"c":"x\\"y\\n","e":[null,null,true,1.5,null]}');
    const sample = { nested: { list: [1, "two", { three: false }], empty: {}, none: [] }, unicode: "é\u2028" };
    expect(stringifyJson(sample)).toBe(JSON.stringify(sample));
    expect(stringifyJson({ key: { toJSON: () => "k" } })).toBe('{"key":"k"}');
  });
});

describe("parseJson", () => {
  it("reads integers a double cannot hold as bigints and leaves the rest alone", () => {
    expect(
      parseJson('{"a":18446744073709551615,"b":9007199254740991,"c":[1.5e3,-0,"12345678901234567890"],"d":{"e":null,"f":true}}'),
    ).toEqual({
      a: 18446744073709551615n,
      b: 9007199254740991,
      c: [1500, -0, "12345678901234567890"],
      d: { e: null, f: true },
    });
    expect(parseJson(' [ "\\u00e9\\"", -12345678901234567890 ] ')).toEqual(['é"', -12345678901234567890n]);
  });

  it("refuses what is not JSON, on both paths", () => {
    for (const text of [
      "{not json",
      "",
      "[1,]",
      '{"a":1}x',
      "[12345678901234567890,]",
      "[12345678901234567890",
      '{"a" 12345678901234567890}',
      "[01234567890123456789]",
    ]) {
      expect(() => parseJson(text), text).toThrow(JsonSyntaxError);
    }
  });

  it("does not let __proto__ keys reach the prototype", () => {
    const value = parseJson('{"__proto__":{"polluted":1},"n":12345678901234567890}') as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(value)).toEqual(["__proto__", "n"]);
  });
});

describe("base64 and base58 checks", () => {
  it("names base64 problems as Rust's base64 crate does", () => {
    expect(base64Problem("AQID")).toBeNull();
    expect(base64Problem("AQ==")).toBeNull();
    expect(base64Problem("")).toBeNull();
    expect(base64Problem("@@@@")).toBe("InvalidByte(0, 64)");
    expect(base64Problem("AQ=A")).toBe("InvalidByte(2, 61)");
    expect(base64Problem("AQIDB")).toBe("InvalidLength(5)");
    expect(base64Problem("AQ")).toBe("InvalidPadding");
    expect(base64Problem("AQ===")).toBe("InvalidPadding");
    expect(base64Problem("AR==")).toBe("InvalidLastSymbol(1, 82)");
    expect(base64Problem("AQI=A===")).toBe("InvalidByte(3, 61)");
    expect(base64Problem("====")).toBe("InvalidPadding");
    expect(base64Problem("AQIé")).toBe("InvalidByte(3, 195)");
  });

  it("accepts every canonical encoding and refuses each with its last symbol's spare bits set", () => {
    const random = seededRandom(5);
    for (let length = 0; length < 100; length++) {
      const text = Buffer.from(Array.from({ length }, () => Math.floor(random() * 256))).toString("base64");
      expect(base64Problem(text)).toBeNull();
      const padding = text.length - text.replace(/=+$/, "").length;
      if (padding === 0) continue;
      const last = text.length - padding - 1;
      // The symbol after the last one keeps the high bits and sets the lowest, which a canonical encoding leaves zero.
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
      const bumped = alphabet[alphabet.indexOf(text[last]!) | 1]!;
      expect(base64Problem(text.slice(0, last) + bumped + text.slice(last + 1))).toBe(
        `InvalidLastSymbol(${last}, ${bumped.charCodeAt(0)})`,
      );
    }
  });

  it("names base58 problems as the bs58 crate does", () => {
    expect(base58Problem("3yZe7d")).toBeNull();
    expect(base58Problem("ab0")).toBe("InvalidCharacter { character: '0', index: 2 }");
    expect(base58Problem("aé")).toBe("NonAsciiCharacter { index: 1 }");
  });
});
