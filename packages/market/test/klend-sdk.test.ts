// Kamino's own client (@kamino-finance/klend-sdk) against our market over JSON-RPC: it loads the lending market and
// its reserves, reads prices and config, builds a deposit and a borrow with KaminoAction that the ledger executes, and
// reads the obligation back. Values are held against our own decoders.
import { deflateSync } from "node:zlib";
import { type Connection, PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENT_EXEMPT_EPOCH, minimumBalanceForRentExemption } from "@ballast/ledger";
import { KLEND_PROGRAM_ID, vanillaObligationAddress } from "../src/index.js";
import { MarketHarness } from "./support/harness.js";
import { LendingSetup, type PricedReserve } from "./support/lending-setup.js";

// klend-sdk's published types reach @orca-so/whirlpool-sdk's bundled @solana/spl-token 0.1.8, whose ambient
// `declare module "@solana/spl-token"` would shadow spl-token 0.4 for the whole program; so the module is loaded by a
// name the compiler does not resolve, typed by the part of its API this test uses.
const KLEND_SDK: string = "@kamino-finance/klend-sdk";

interface Printable {
  toString(): string;
}
interface SdkReserve {
  address: PublicKey;
  symbol: string;
  state: {
    config: { loanToValuePct: number; liquidationThresholdPct: number };
    liquidity: { availableAmount: Printable };
  };
  getLiquidityMint(): PublicKey;
  getTotalSupply(): Printable;
  getBorrowedAmount(): Printable;
  getOracleMarketPrice(): Printable;
  totalSupplyAPY(currentSlot: number): number;
}
interface SdkPosition {
  reserveAddress: PublicKey;
  amount: Printable;
}
interface SdkObligation {
  obligationAddress: PublicKey;
  state: { owner: PublicKey; borrows: { borrowedAmountSf: Printable }[] };
  getDeposits(): SdkPosition[];
  getBorrows(): SdkPosition[];
}
interface KaminoMarket {
  getAddress(): PublicKey;
  state: { lendingMarketOwner: PublicKey };
  getReserves(): SdkReserve[];
  getReserveBySymbol(symbol: string): SdkReserve | undefined;
  getObligationByAddress(address: PublicKey): Promise<SdkObligation | null>;
  getAllUserObligations(user: PublicKey): Promise<SdkObligation[]>;
}
/** An action the SDK built: opaque here, turned into instructions by actionToIxs. */
type KaminoAction = { readonly __sdkAction: unique symbol };
type BuildAction = (
  market: KaminoMarket,
  amount: string,
  mint: PublicKey,
  owner: PublicKey,
  obligation: object,
  useV2Ixs: boolean,
  scopeRefreshConfig: undefined,
  extraComputeBudget: number,
  includeAtaIxs: boolean,
  requestElevationGroup: boolean,
  initUserMetadata: { skipInitialization: boolean; skipLutCreation: boolean },
  referrer: PublicKey,
  currentSlot: number,
) => Promise<KaminoAction>;
interface KlendSdk {
  KaminoMarket: { load(connection: Connection, market: PublicKey, slotMs: number, programId: PublicKey): Promise<KaminoMarket | null> };
  KaminoAction: {
    buildDepositTxns: BuildAction;
    buildBorrowTxns: BuildAction;
    actionToIxs(action: KaminoAction): TransactionInstruction[];
  };
  VanillaObligation: new (programId: PublicKey) => object;
}

const PROGRAM_ID = new PublicKey(KLEND_PROGRAM_ID);
const SLOT_MS = 400;

let sdk: KlendSdk;
let h: MarketHarness;
let s: LendingSetup;
let usdc: PricedReserve;
let eth: PricedReserve;

/**
 * klend-sdk 5 reads Switchboard V2's Anchor IDL account (which mainnet holds) on every market load, even when no
 * reserve uses a V2 aggregator. The ledger holds one at Anchor's IDL address: an IDL declaring no instructions or
 * accounts, which is all the SDK needs for reserves priced by Pyth.
 */
async function hostSwitchboardV2Idl(): Promise<void> {
  const program = new PublicKey("SW1TCH7qEPTdLsDHRgPuMQjbQxKdH2aBStViMFnt64f");
  const base = PublicKey.findProgramAddressSync([], program)[0];
  const address = await PublicKey.createWithSeed(base, "anchor:idl", program);
  const idl = deflateSync(Buffer.from(JSON.stringify({ version: "0.1.0", name: "switchboard_v2", instructions: [] })));
  // Anchor's IdlAccount: discriminator, authority, then the deflated JSON as a Borsh byte vector.
  const data = Buffer.alloc(8 + 32 + 4 + idl.length);
  data.writeUInt32LE(idl.length, 40);
  idl.copy(data, 44);
  h.ledger.setAccounts([
    [
      address.toBase58(),
      {
        lamports: minimumBalanceForRentExemption(data.length),
        data,
        owner: program.toBase58(),
        executable: false,
        rentEpoch: RENT_EXEMPT_EPOCH,
      },
    ],
  ]);
}

beforeAll(async () => {
  sdk = (await import(KLEND_SDK)) as KlendSdk;
  h = await MarketHarness.start();
  await hostSwitchboardV2Idl();
  s = await LendingSetup.create(h);
  usdc = await s.reserve({ name: "USDC", decimals: 6, price: 100_000_000n });
  eth = await s.reserve({ name: "ETH", decimals: 8, price: 300_000_000_000n, ltv: 75, threshold: 80 });
  await s.supply(usdc, 50_000_000_000n);
});
afterAll(() => h.close());

async function loadMarket(): Promise<KaminoMarket> {
  const market = await sdk.KaminoMarket.load(h.connection, s.market, SLOT_MS, PROGRAM_ID);
  if (market === null) throw new Error("klend-sdk found no lending market");
  return market;
}

/** The action's setup, lending and cleanup instructions in one transaction, as the SDK's own sender would order them. */
const instructionsOf = (action: KaminoAction): TransactionInstruction[] => sdk.KaminoAction.actionToIxs(action);

describe("klend-sdk reads our market", () => {
  it("loads the lending market and its reserves with our config", async () => {
    await s.publish([usdc, eth]);
    const market = await loadMarket();
    const ours = await h.market(s.market);
    expect(market.getAddress().equals(s.market)).toBe(true);
    expect(market.state.lendingMarketOwner.toBase58()).toBe(ours.lendingMarketOwner);
    expect(
      market
        .getReserves()
        .map((r) => r.symbol)
        .sort(),
    ).toEqual(["ETH", "USDC"]);

    const reserve = market.getReserveBySymbol("USDC");
    if (reserve === undefined) throw new Error("no USDC reserve");
    const decoded = await h.reserve(usdc.accounts.reserve);
    expect(reserve.address.equals(usdc.accounts.reserve)).toBe(true);
    expect(reserve.getLiquidityMint().equals(usdc.mint)).toBe(true);
    expect(reserve.state.config.loanToValuePct).toBe(decoded.config.loanToValuePct);
    expect(reserve.state.config.liquidationThresholdPct).toBe(decoded.config.liquidationThresholdPct);
    expect(reserve.state.liquidity.availableAmount.toString()).toBe(decoded.liquidity.availableAmount.toString());
    // 100,000 initial units plus the lender's 50,000 USDC, in token units.
    expect(reserve.getTotalSupply().toString()).toBe("50000100000");
    expect(reserve.getOracleMarketPrice().toString()).toBe("1");
    expect(market.getReserveBySymbol("ETH")?.getOracleMarketPrice().toString()).toBe("3000");
    expect(reserve.totalSupplyAPY(Number(h.slot()))).toBe(0);
  });
});

describe("klend-sdk builds actions our ledger executes", () => {
  it("deposits ETH and borrows USDC through KaminoAction, then reads the obligation back", async () => {
    const wallet = await h.fundedKeypair();
    await s.wallet(wallet, eth, 200_000_000n);
    await s.wallet(wallet, usdc);

    await s.publish([usdc, eth]);
    let market = await loadMarket();
    const deposit = await sdk.KaminoAction.buildDepositTxns(
      market,
      "200000000",
      eth.mint,
      wallet.publicKey,
      new sdk.VanillaObligation(PROGRAM_ID),
      false,
      undefined,
      0,
      false,
      false,
      { skipInitialization: false, skipLutCreation: true },
      PublicKey.default,
      Number(h.slot()),
    );
    await h.send(instructionsOf(deposit), [wallet]);
    const obligation = vanillaObligationAddress(wallet.publicKey, s.market);
    const afterDeposit = await h.obligation(obligation);
    expect(afterDeposit.deposits[0]?.depositReserve).toBe(eth.accounts.reserve.toBase58());
    expect(afterDeposit.deposits[0]?.depositedAmount).toBe(200_000_000n);

    await s.publish([usdc, eth]);
    market = await loadMarket();
    const borrow = await sdk.KaminoAction.buildBorrowTxns(
      market,
      "1000000000",
      usdc.mint,
      wallet.publicKey,
      new sdk.VanillaObligation(PROGRAM_ID),
      false,
      undefined,
      0,
      false,
      false,
      { skipInitialization: true, skipLutCreation: true },
      PublicKey.default,
      Number(h.slot()),
    );
    await h.send(instructionsOf(borrow), [wallet]);
    const ours = await h.obligation(obligation);
    expect(ours.borrows[0]?.borrowReserve).toBe(usdc.accounts.reserve.toBase58());

    market = await loadMarket();
    const loaded = await market.getObligationByAddress(obligation);
    if (loaded === null) throw new Error("klend-sdk found no obligation");
    expect(loaded.state.owner.equals(wallet.publicKey)).toBe(true);
    expect(loaded.getDeposits().map((d) => [d.reserveAddress.toBase58(), d.amount.toString()])).toEqual([
      [eth.accounts.reserve.toBase58(), "200000000"],
    ]);
    expect(loaded.state.borrows[0]?.borrowedAmountSf.toString()).toBe(ours.borrows[0]?.borrowedAmountSf.toString());
    // No origination fee: the debt is exactly the 1,000 USDC borrowed, as the SDK and our decoder both read it.
    expect(ours.borrows[0]?.borrowedAmountSf).toBe(1_000_000_000n << 60n);
    expect(loaded.getBorrows().map((b) => [b.reserveAddress.toBase58(), b.amount.toString()])).toEqual([
      [usdc.accounts.reserve.toBase58(), "1000000000"],
    ]);
    const usdcReserve = market.getReserveBySymbol("USDC");
    expect(usdcReserve?.getBorrowedAmount().toString()).toBe("1000000000");
    expect(usdcReserve?.state.liquidity.availableAmount.toString()).toBe(
      (await h.reserve(usdc.accounts.reserve)).liquidity.availableAmount.toString(),
    );
    const all = await market.getAllUserObligations(wallet.publicKey);
    expect(all.map((o) => o.obligationAddress.toBase58())).toEqual([obligation.toBase58()]);
  });
});
