// An error raised inside the Kamino-style market under a Kamino bank reaches the user in the market's own words: a
// deposit above the reserve's deposit limit fails in the market (klend's 6090), not in the lending program, and the
// client resolves the code by the program that failed.
import type { Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { KLEND_PROGRAM_ID, UpdateConfigMode, marketProgram, updateReserveConfigInstruction } from "@ballast/market";
import { TestMarket } from "../../../protocol/test/support/market.js";
import { depositAction } from "../../src/actions/index.js";
import { ProcessTransactionError, keypairWallet } from "../../src/transactions/index.js";
import {
  MIN_INITIAL_DEPOSIT,
  INIT_OBLIGATION_DEPOSIT,
  addKaminoBank,
  createKaminoReserve,
  walletTokens,
  type KaminoReserveFixture,
} from "../support/kamino-market.js";
import { USDC, act, context, failure, fundedWallet, loadLendingMarket } from "./support.js";

let market: TestMarket;
let fixture: KaminoReserveFixture;
let kaminoBank: PublicKey;
let owner: Keypair;

beforeAll(async () => {
  market = await TestMarket.start({ programs: [marketProgram()] });
  const usdcMint = await market.createMint(6);
  const feed = (await market.createOracle({ kind: "pyth", price: 1 }))!;
  fixture = await createKaminoReserve(market, usdcMint, feed);
  kaminoBank = await addKaminoBank(market, usdcMint, feed, fixture);
  owner = await fundedWallet(market);
  await walletTokens(market, usdcMint, 1_000n * USDC, owner.publicKey);
  // Room for 10 USDC more than the reserve holds.
  const limit = Buffer.alloc(8);
  limit.writeBigUInt64LE(MIN_INITIAL_DEPOSIT + INIT_OBLIGATION_DEPOSIT + 10n * USDC);
  await market.send(
    updateReserveConfigInstruction({
      lendingMarketOwner: market.admin.publicKey,
      lendingMarket: fixture.lendingMarket,
      reserve: fixture.reserve,
      mode: UpdateConfigMode.UpdateDepositLimit,
      value: limit,
    }),
    [market.admin],
  );
});
afterAll(() => market.close());

it('a Kamino-bank deposit above the reserve\'s deposit limit says "Cannot deposit above deposit limit"', async () => {
  const error = await act(market, async () =>
    failure(
      depositAction({
        ...context(market, keypairWallet(owner)),
        bank: kaminoBank.toBase58(),
        market: await loadLendingMarket(market),
        amount: 1_000n * USDC,
      }),
    ),
  );
  expect(error).toBeInstanceOf(ProcessTransactionError);
  expect(error.message).toBe("Cannot deposit above deposit limit");
  expect([error.kind, error.code, error.programId]).toEqual([1, 6090, KLEND_PROGRAM_ID]);
});
