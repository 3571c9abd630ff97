// refresh_reserves_batch on a real ledger: two reserves (a Pyth-priced USDC reserve with debt, so interest accrues, and
// a Switchboard-priced SOL reserve) are copied byte for byte to two more addresses; in one transaction the originals
// get a refresh_reserve each and the copies one batch refresh, and the two pairs must come out byte for byte equal.
// Then skipping prices, and each malformed group refused with klend's error.
import { Keypair, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  KLEND_PROGRAM_ID,
  type LoadedReserve,
  decodeReserve,
  encodeReserveInto,
  refreshReserveInstructionFor,
  refreshReservesBatchInstruction,
  refreshReservesBatchInstructionFor,
  reserveRefreshInstructions,
  updateEntireReserveConfigInstruction,
} from "../src/index.js";
import { patchLendingMarket } from "./support/accounts.js";
import { activeConfig } from "./support/configs.js";
import { MarketHarness } from "./support/harness.js";

const ONE = 1n << 60n;

let h: MarketHarness;
let market: PublicKey;
let usdcPyth: PublicKey;
let solFeed: PublicKey;
/** The reserves refreshed one by one, and their copies refreshed in a batch. */
let originals: PublicKey[];
let copies: PublicKey[];

function accountOf(address: PublicKey) {
  const account = h.ledger.getAccount(address.toBase58());
  if (!account) throw new Error(`no account at ${address.toBase58()}`);
  return account;
}

/** Writes `data` at `address` with the original's owner and lamports. */
function writeReserve(address: PublicKey, from: PublicKey, change: (data: Buffer) => void = () => undefined): void {
  const account = accountOf(from);
  const data = Buffer.from(account.data);
  change(data);
  h.ledger.setAccounts([[address.toBase58(), { ...account, data }]]);
}

async function loaded(addresses: PublicKey[]): Promise<LoadedReserve[]> {
  return Promise.all(addresses.map(async (address) => ({ address, state: await h.reserve(address) })));
}

beforeAll(async () => {
  h = await MarketHarness.start();
  market = await h.createMarket();
  const usdc = await h.createMint(6);
  const sol = await h.createMint(9);
  usdcPyth = await h.pythFeed({ price: 100_000_000n, exponent: -8 });
  solFeed = await h.switchboardFeed(150n * 10n ** 18n);
  const usdcR = (await h.createReserve(market, usdc)).accounts;
  const solR = (await h.createReserve(market, sol)).accounts;
  for (const [r, config] of [
    [usdcR.reserve, activeConfig({ name: "USDC", pyth: usdcPyth })],
    [solR.reserve, activeConfig({ name: "SOL", switchboard: solFeed })],
  ] as const) {
    await h.send(
      updateEntireReserveConfigInstruction({ lendingMarketOwner: h.owner.publicKey, lendingMarket: market, reserve: r, config }),
      [h.owner],
    );
  }
  originals = [usdcR.reserve, solR.reserve];
  // Debt on the USDC reserve, so a refresh compounds interest into it.
  writeReserve(usdcR.reserve, usdcR.reserve, (data) => {
    const state = decodeReserve(data);
    state.liquidity.borrowedAmountSf = 40_000n * ONE;
    encodeReserveInto(data, state);
  });
  copies = originals.map(() => Keypair.generate().publicKey);
  originals.forEach((original, i) => writeReserve(copies[i]!, original));
});
afterAll(() => h.close());

describe("refresh_reserves_batch", () => {
  it("leaves each reserve byte for byte as refresh_reserve does, prices and interest included", async () => {
    h.advance(30, 60);
    await h.setPyth(usdcPyth, { price: 100_100_000n, exponent: -8 });
    await h.setSwitchboard(solFeed, 151n * 10n ** 18n);
    const batch = refreshReservesBatchInstructionFor(await loaded(copies));
    const individual = (await loaded(originals)).map((r) => refreshReserveInstructionFor(r.address, r.state));
    const { slot, signature } = await h.send([...individual, batch], [h.owner]);
    const logs = await h.logs(signature);
    expect(logs.filter((l) => l.startsWith("Program log: Token: "))).toHaveLength(4);
    for (const [i, original] of originals.entries()) {
      const copy = copies[i]!;
      expect((await h.data(copy)).equals(await h.data(original))).toBe(true);
      expect((await h.reserve(copy)).lastUpdate).toMatchObject({ slot, stale: 0 });
    }
    const usdc = await h.reserve(copies[0]!);
    expect(usdc.liquidity.borrowedAmountSf).toBeGreaterThan(40_000n * ONE);
    expect(usdc.liquidity.marketPriceSf).toBe((1_001n * ONE) / 1_000n);
  });

  it("accrues interest without reading prices when they are skipped", async () => {
    h.advance(5, 10);
    const before = await h.reserve(copies[0]!);
    const skip = refreshReservesBatchInstruction({
      reserves: copies.map((reserve) => ({ reserve, lendingMarket: market })),
      skipPriceUpdates: true,
    });
    expect(skip.keys).toHaveLength(4);
    const individual = (await loaded(originals)).map((r) => refreshReserveInstructionFor(r.address, r.state));
    const { slot, signature } = await h.send([skip], [h.owner]);
    expect((await h.logs(signature)).some((l) => l.startsWith("Program log: Token: "))).toBe(false);
    const after = await h.reserve(copies[0]!);
    expect(after.lastUpdate).toMatchObject({ slot, stale: 0, priceStatus: before.lastUpdate.priceStatus });
    expect(after.liquidity.marketPriceSf).toBe(before.liquidity.marketPriceSf);
    expect(after.liquidity.borrowedAmountSf).toBeGreaterThan(before.liquidity.borrowedAmountSf);
    await h.send(individual, [h.owner]);
  });

  it("is chosen over refresh_reserve each when smaller: from two reserves on", async () => {
    const reserves = await loaded(originals);
    expect(reserveRefreshInstructions(reserves.slice(0, 1)).map((ix) => ix.data.subarray(0, 8).toString("hex"))).toEqual([
      "02da8aeb4fc91966",
    ]);
    const both = reserveRefreshInstructions(reserves);
    expect(both.map((ix) => ix.data.toString("hex"))).toEqual(["906e1a67a2ccfc9300"]);
    expect(both[0]!.keys.map((k) => [k.pubkey.toBase58(), k.isWritable])).toEqual([
      [originals[0]!.toBase58(), true],
      [market.toBase58(), false],
      [usdcPyth.toBase58(), false],
      [KLEND_PROGRAM_ID, false],
      [KLEND_PROGRAM_ID, false],
      [KLEND_PROGRAM_ID, false],
      [originals[1]!.toBase58(), true],
      [market.toBase58(), false],
      [KLEND_PROGRAM_ID, false],
      [solFeed.toBase58(), false],
      [KLEND_PROGRAM_ID, false],
      [KLEND_PROGRAM_ID, false],
    ]);
  });

  it("refuses a group cut short, a reserve of another market, and emergency mode", async () => {
    const full = refreshReservesBatchInstructionFor(await loaded(copies));
    const cut = (count: number) =>
      new TransactionInstruction({ programId: full.programId, keys: full.keys.slice(0, count), data: full.data });
    const noMarket = await h.expectFailure(cut(1), [h.owner], "InvalidAccountInput");
    expect(noMarket.logs).toContain("Program log: Missing lending market account");
    const noOracle = await h.expectFailure(cut(4), [h.owner], "InvalidAccountInput");
    expect(noOracle.logs).toContain("Program log: Missing price account");
    const otherMarket = await h.createMarket();
    await h.expectFailure(
      refreshReservesBatchInstruction({ reserves: [{ reserve: copies[0]!, lendingMarket: otherMarket }], skipPriceUpdates: true }),
      [h.owner],
      "InvalidAccountInput",
    );
    patchLendingMarket(h, market, (m) => (m.emergencyMode = 1));
    await h.expectFailure(full, [h.owner], "GlobalEmergencyMode");
    patchLendingMarket(h, market, (m) => (m.emergencyMode = 0));
  });
});
