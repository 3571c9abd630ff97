import bs58 from "bs58";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { encodeBase58 } from "../../src/tx/base58.js";

describe("encodeBase58", () => {
  it("writes what bs58 writes, leading zero bytes included", () => {
    for (let length = 0; length <= 96; length++) {
      for (let zeros = 0; zeros <= Math.min(length, 3); zeros++) {
        const bytes = randomBytes(length).fill(0, 0, zeros);
        expect(encodeBase58(bytes)).toBe(bs58.encode(bytes));
      }
      expect(encodeBase58(Buffer.alloc(length))).toBe(bs58.encode(Buffer.alloc(length)));
      expect(encodeBase58(Buffer.alloc(length, 0xff))).toBe(bs58.encode(Buffer.alloc(length, 0xff)));
    }
  });
});
