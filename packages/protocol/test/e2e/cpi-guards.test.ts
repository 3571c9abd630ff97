// Instructions that must be top-level refuse to run inside a cross-program invocation (6091), tried through a
// small forwarding program that calls the lending program with the instruction it was given.
import { Keypair, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Program } from "@ballast/ledger";
import { MARGINFI_PROGRAM_ID } from "../../src/index.js";
import { TestMarket, type TestBank, type TestUser } from "../support/market.js";
import { initLiquidationRecordIx, startLiquidationIx } from "../support/receivership.js";

const FORWARDER = Keypair.generate().publicKey;

/** Calls the lending program with its own instruction data and accounts (signer and writable flags kept). */
const forwarder: Program = {
  id: FORWARDER.toBase58(),
  builtin: false,
  execute(ctx) {
    ctx.invoke({
      programId: MARGINFI_PROGRAM_ID,
      accounts: ctx.accounts.slice(1).map((a) => ({ pubkey: a.key, isSigner: a.isSigner, isWritable: a.isWritable })),
      data: ctx.data,
    });
  },
};

function viaForwarder(inner: TransactionInstruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: FORWARDER,
    keys: [{ pubkey: new PublicKey(MARGINFI_PROGRAM_ID), isSigner: false, isWritable: false }, ...inner.keys],
    data: inner.data,
  });
}

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let user: TestUser;

beforeAll(async () => {
  market = await TestMarket.start({ programs: [forwarder] });
  sol = await market.addBank(9, { kind: "pyth", price: 10 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  user = await market.newUser();
  await market.deposit(user, sol, 1_000_000_000n);
});
afterAll(() => market.close());

const NOT_IN_CPI = ["NotAllowedInCPI", "Start and end liquidation and flashloan must be top-level instructions"] as const;

describe("top-level only", () => {
  it("a flash loan cannot start or end inside a CPI (6091)", async () => {
    const risk = await market.riskAccounts(user, [sol, usdc]);
    const start = viaForwarder(market.startFlashloanIx(user, 1n));
    const end = market.endFlashloanIx(user, risk);
    const result = await market.simulate([start, end], [user.wallet]);
    expect(result.err).toEqual({ InstructionError: [0, { Custom: 6091 }] });
    expect(result.logs?.some((l) => l.includes(`Error Code: ${NOT_IN_CPI[0]}. Error Number: 6091. Error Message: ${NOT_IN_CPI[1]}.`))).toBe(
      true,
    );
    await market.expectError(viaForwarder(end), [user.wallet], 6091, ...NOT_IN_CPI);
  });

  it("a receivership cannot start inside a CPI (6091)", async () => {
    await market.send(initLiquidationRecordIx(user.account, user.wallet.publicKey), [user.wallet]);
    const start = viaForwarder(startLiquidationIx(user.account, user.wallet.publicKey, await market.riskAccounts(user, [sol, usdc])));
    await market.expectError(start, [user.wallet], 6091, ...NOT_IN_CPI);
  });
});
