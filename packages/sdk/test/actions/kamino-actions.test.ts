// The lending actions on a Kamino bank, end to end on a ledger running the lending program and the Kamino-style
// market: a first USDC deposit that creates the margin account, a SOL borrow against it, a partial withdrawal asked in
// USDC, repay all and withdraw all. Each action carries the market refreshes in the transaction that needs them (the
// market's same-slot rule, the lending program's 6206), and the amounts are checked to the native unit.
import { PublicKey, type Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KLEND_PROGRAM_ID, marketProgram, refreshReserveInstructionFor, reserveAccountsFor } from "@ballast/market";
import { i80f48 } from "@ballast/protocol";
import { decodeKaminoReserve, kaminoTokensForCollateral, loadMarket } from "../../src/index.js";
import { PROGRAM, TestMarket, type TestBank } from "../../../protocol/test/support/market.js";
import {
  borrowAction,
  depositAction,
  repayAllAction,
  withdrawAction,
  withdrawAllAction,
  type ActionContext,
} from "../../src/actions/index.js";
import { associatedTokenAddress } from "../../src/instructions/tokens.js";
import { keypairWallet } from "../../src/transactions/index.js";
import {
  INIT_OBLIGATION_DEPOSIT,
  MIN_INITIAL_DEPOSIT,
  addKaminoBank,
  borrowFromReserve,
  createKaminoReserve,
  walletTokens,
  type KaminoReserveFixture,
} from "../support/kamino-market.js";
import { SOL, USDC, act, activeBanks, context, fundedWallet, landed, loadLendingMarket, marginAccount, tokens } from "./support.js";

const KLEND = new PublicKey(KLEND_PROGRAM_ID);
const ATA_PROGRAM = new PublicKey("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");
const DEPOSIT = 1_000n * USDC;
const BORROWED = 2n * SOL;

let market: TestMarket;
let sol: TestBank;
let usdcMint: PublicKey;
let kaminoBank: PublicKey;
let fixture: KaminoReserveFixture;
let reserveSupply: PublicKey;
let owner: Keypair;
let ctx: ActionContext;
let marginfiAccount: PublicKey;

const lendingMarket = () => loadLendingMarket(market);
const usdcAccount = () => associatedTokenAddress(usdcMint, owner.publicKey);
const programsOf = async (signatures: string[]) => (await landed(market, signatures)).programs.map((ps) => ps.map((p) => p.toBase58()));
const kaminoShares = async () =>
  (await marginAccount(market, marginfiAccount)).lendingAccount.balances.find((b) => b.active !== 0 && b.bankPk === kaminoBank.toBase58())
    ?.assetShares;

beforeAll(async () => {
  market = await TestMarket.start({ programs: [marketProgram()] });
  sol = await market.addBank(9, { kind: "pyth", price: 150 });
  await market.deposit(await market.newUser(), sol, 100n * SOL);
  usdcMint = await market.createMint(6);
  const feed = (await market.createOracle({ kind: "pyth", price: 1 }))!;
  fixture = await createKaminoReserve(market, usdcMint, feed);
  kaminoBank = await addKaminoBank(market, usdcMint, feed, fixture);
  reserveSupply = reserveAccountsFor(fixture.reserve, fixture.lendingMarket, usdcMint).liquiditySupply;
  owner = await fundedWallet(market);
  await walletTokens(market, usdcMint, DEPOSIT, owner.publicKey);
  ctx = context(market, keypairWallet(owner));
});
afterAll(() => market.close());

describe("lending actions on a Kamino bank", () => {
  it("a first deposit creates the margin account and deposits into the reserve after refreshing it and the obligation", async () => {
    const result = await act(market, async () =>
      depositAction({ ...ctx, bank: kaminoBank.toBase58(), market: await lendingMarket(), amount: DEPOSIT }),
    );
    marginfiAccount = result.marginfiAccount;
    expect(await programsOf(result.signatures)).toEqual([[PROGRAM, KLEND, KLEND, PROGRAM].map(String)]);
    expect(await tokens(market, usdcAccount())).toBe(0n);
    expect(await tokens(market, reserveSupply)).toBe(MIN_INITIAL_DEPOSIT + INIT_OBLIGATION_DEPOSIT + DEPOSIT);
    // The reserve's exchange rate is 1: one collateral token per USDC unit.
    expect(await kaminoShares()).toBe(i80f48.fromInt(DEPOSIT));
  });

  it("borrows SOL against the Kamino position, the reserve refreshed in the borrow's transaction", async () => {
    const vault = await tokens(market, sol.vaults.liquidity);
    const result = await act(market, async () =>
      borrowAction({
        ...ctx,
        marginfiAccount,
        account: await marginAccount(market, marginfiAccount),
        bank: sol.key.toBase58(),
        market: await lendingMarket(),
        amount: BORROWED,
      }),
    );
    expect(await programsOf(result.signatures)).toEqual([[ATA_PROGRAM, KLEND, PROGRAM].map(String)]);
    expect(await tokens(market, sol.vaults.liquidity)).toBe(vault - BORROWED);
    expect(activeBanks(await marginAccount(market, marginfiAccount))).toEqual([sol.key.toBase58(), kaminoBank.toBase58()].sort());
  });

  it("withdraws 100 USDC asked in tokens: the collateral they are worth is redeemed, the health check priced fresh", async () => {
    const result = await act(market, async () =>
      withdrawAction({
        ...ctx,
        marginfiAccount,
        account: await marginAccount(market, marginfiAccount),
        bank: kaminoBank.toBase58(),
        market: await lendingMarket(),
        amount: 100n * USDC,
      }),
    );
    expect(await programsOf(result.signatures)).toEqual([[ATA_PROGRAM, KLEND, KLEND, PROGRAM].map(String)]);
    expect(await tokens(market, usdcAccount())).toBe(100n * USDC);
    expect(await kaminoShares()).toBe(i80f48.fromInt(DEPOSIT - 100n * USDC));
  });

  it("repays all of the SOL, then withdraws all of the USDC, closing both balances", async () => {
    await act(market, async () =>
      repayAllAction({ ...ctx, marginfiAccount, bank: sol.key.toBase58(), market: await lendingMarket(), amount: BORROWED }),
    );
    const result = await act(market, async () =>
      withdrawAllAction({
        ...ctx,
        marginfiAccount,
        account: await marginAccount(market, marginfiAccount),
        bank: kaminoBank.toBase58(),
        market: await lendingMarket(),
      }),
    );
    expect(await programsOf(result.signatures)).toEqual([[ATA_PROGRAM, KLEND, KLEND, PROGRAM].map(String)]);
    expect(await tokens(market, usdcAccount())).toBe(DEPOSIT);
    expect(await tokens(market, reserveSupply)).toBe(MIN_INITIAL_DEPOSIT + INIT_OBLIGATION_DEPOSIT);
    expect(activeBanks(await marginAccount(market, marginfiAccount))).toEqual([]);
  });
});

describe("a Kamino bank whose reserve earns interest", () => {
  it("is seen in tokens at the reserve's rate, and a withdrawal asked in tokens pays that many", async () => {
    const deposit = await act(market, async () =>
      depositAction({ ...ctx, bank: kaminoBank.toBase58(), market: await lendingMarket(), amount: DEPOSIT, marginfiAccount }),
    );
    expect(deposit.marginfiAccount).toEqual(marginfiAccount);
    // A borrower of the market's own takes half the reserve against collateral in a second reserve; 5M slots pass.
    const collateralMint = await market.createMint(9);
    const collateralFeed = (await market.createOracle({ kind: "pyth", price: 100 }))!;
    const collateral = await createKaminoReserve(market, collateralMint, collateralFeed, fixture.lendingMarket);
    await borrowFromReserve(market, {
      lendingMarket: fixture.lendingMarket,
      collateralReserve: collateral.reserve,
      collateralMint,
      collateral: 100n * SOL,
      borrowReserve: fixture.reserve,
      borrowMint: usdcMint,
      borrow: DEPOSIT / 2n,
    });
    market.ledger.warpToTime(market.now(), 5_000_000);
    const reserveNow = async () => decodeKaminoReserve((await market.connection.getAccountInfo(fixture.reserve, "confirmed"))!.data);
    await market.send(refreshReserveInstructionFor(fixture.reserve, await reserveNow()), [market.admin]);

    const seen = (
      await loadMarket(market.connection, { programId: PROGRAM.toBase58(), group: market.group.toBase58() }, market.now())
    ).banks.get(kaminoBank.toBase58())!;
    expect(i80f48.cmp(seen.kamino!.tokensPerCollateral, i80f48.ONE)).toBe(1);
    expect(i80f48.cmp(seen.rates.lendingRate, i80f48.ZERO)).toBe(1);
    // The program books collateral tokens; the client sees what the reserve redeems them for.
    const collateralHeld = i80f48.toIntFloor((await kaminoShares())!);
    const redeemable = kaminoTokensForCollateral(await reserveNow(), collateralHeld);
    expect(redeemable).toBeGreaterThan(collateralHeld);
    const position = i80f48.toIntFloor(i80f48.mul((await kaminoShares())!, seen.assetShareValue));
    expect(position >= redeemable - 1n && position <= redeemable + 1n).toBe(true);

    const before = await tokens(market, usdcAccount());
    await act(market, async () =>
      withdrawAction({
        ...ctx,
        marginfiAccount,
        account: await marginAccount(market, marginfiAccount),
        bank: kaminoBank.toBase58(),
        market: await lendingMarket(),
        amount: 100n * USDC,
      }),
    );
    // The collateral asked for at the last refresh's rate redeems a slot later: never less than asked, one unit over at most.
    const paid = (await tokens(market, usdcAccount())) - before;
    expect(paid >= 100n * USDC - 1n && paid <= 100n * USDC + 1n).toBe(true);
  });
});
