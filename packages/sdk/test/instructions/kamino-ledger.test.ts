// A Kamino bank end to end on a ledger running the lending program and the third-party market program: the market
// and a USDC reserve are created, the group admin adds the bank, anyone creates its obligation, and a user deposits
// into the reserve through the margin account and withdraws in part and in full. Every transaction carries the
// market refreshes the same-slot rule asks for; the amounts are checked to the native unit on both programs' books.
import { getAccount } from "@solana/spl-token";
import { PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KLEND_ERRORS, lendingMarketAuthority, marketProgram, reserveAccountsFor, userMetadataAddress } from "@ballast/market";
import {
  AssetTag,
  ERRORS,
  OracleSetup,
  decodeBank,
  decodeMarginfiAccount,
  i80f48,
  type Bank,
  type MarginfiAccount,
} from "@ballast/protocol";
import { TestMarket, type TestUser } from "../../../protocol/test/support/market.js";
import { INIT_OBLIGATION_DEPOSIT, MIN_INITIAL_DEPOSIT, createKaminoReserve, walletTokens } from "../support/kamino-market.js";
import {
  addBankKaminoInstruction,
  bankAddressWithSeed,
  bankVaultAddress,
  bankVaultAuthorityAddress,
  decodeKaminoObligation,
  decodeKaminoReserve,
  depositInstruction,
  kaminoDepositInstruction,
  kaminoInitObligationInstruction,
  kaminoObligationRefresh,
  kaminoReserveRefreshes,
  kaminoWithdrawInstruction,
  withdrawRiskAccounts,
  type KaminoReserve,
} from "../../src/index.js";

const USDC = 1_000_000n;

let market: TestMarket;
let mint: PublicKey;
let feed: PublicKey;
let lendingMarket: PublicKey;
let reserve: PublicKey;
let bank: PublicKey;
let user: TestUser;
let userTokens: PublicKey;

const owner = () => market.admin;
const tokens = async (key: PublicKey) => (await getAccount(market.connection, key, "confirmed")).amount;
const reserveState = async (): Promise<KaminoReserve> => decodeKaminoReserve((await market.connection.getAccountInfo(reserve))!.data);
const bankState = async (): Promise<Bank> => decodeBank((await market.connection.getAccountInfo(bank))!.data);
const marginAccount = async (): Promise<MarginfiAccount> =>
  decodeMarginfiAccount((await market.connection.getAccountInfo(user.account, "confirmed"))!.data);
const obligation = async () =>
  decodeKaminoObligation((await market.connection.getAccountInfo(new PublicKey((await bankState()).integrationAcc2)))!.data);

const tokenAccount = (wallet: PublicKey, amount: bigint) => walletTokens(market, mint, amount, wallet);

/** The market refreshes a Kamino action needs in its own slot: the reserve (priced), then the bank's obligation. */
async function refreshes(): Promise<TransactionInstruction[]> {
  const reserves = new Map([[reserve.toBase58(), await reserveState()]]);
  const bankData = await bankState();
  return [...kaminoReserveRefreshes([bankData], reserves), kaminoObligationRefresh(bankData, reserves)];
}

async function marketAccounts() {
  return { bankData: await bankState(), reserve: await reserveState(), lendingMarketAuthority: lendingMarketAuthority(lendingMarket) };
}

const balanceAccounts = () => ({ group: market.group, marginfiAccount: user.account, authority: user.wallet.publicKey, bank });

async function depositIx(amount: bigint): Promise<TransactionInstruction> {
  return kaminoDepositInstruction({ ...balanceAccounts(), ...(await marketAccounts()), signerTokenAccount: userTokens, amount });
}

async function withdrawIx(collateral: bigint, withdrawAll = false): Promise<TransactionInstruction> {
  const banks = new Map([[bank.toBase58(), await bankState()]]);
  return kaminoWithdrawInstruction({
    ...balanceAccounts(),
    ...(await marketAccounts()),
    destinationTokenAccount: userTokens,
    collateral,
    withdrawAll,
    riskAccounts: withdrawRiskAccounts(await marginAccount(), banks, bank, { withdrawAll }),
  });
}

const shares = async () => {
  const balance = (await marginAccount()).lendingAccount.balances.find((b) => b.active !== 0 && b.bankPk === bank.toBase58());
  return balance === undefined ? null : balance.assetShares;
};

beforeAll(async () => {
  market = await TestMarket.start({ programs: [marketProgram()] });
  mint = await market.createMint(6);
  feed = (await market.createOracle({ kind: "pyth", price: 1 }))!;

  ({ lendingMarket, reserve } = await createKaminoReserve(market, mint, feed));

  bank = bankAddressWithSeed(market.group, mint, 0n);
  user = await market.newUser();
  userTokens = await tokenAccount(user.wallet.publicKey, 10n * USDC);
});

afterAll(async () => {
  await market?.close();
});

describe("a Kamino bank on a ledger", () => {
  it("the group admin adds the bank: Kamino tag, Pyth-through-reserve pricing, the obligation at the market's PDA", async () => {
    await market.send(
      addBankKaminoInstruction({
        group: market.group,
        admin: owner().publicKey,
        bankMint: mint,
        bankSeed: 0n,
        reserve,
        lendingMarket,
        config: {
          oracle: feed,
          oracleSetup: OracleSetup.KaminoPythPush,
          assetWeightInit: i80f48.fromDecimal("0.8"),
          assetWeightMaint: i80f48.fromDecimal("0.9"),
          depositLimit: 1_000_000n * USDC,
          oracleMaxAge: 60,
        },
      }),
      [owner()],
    );
    const state = await bankState();
    expect(state.config.assetTag).toBe(AssetTag.Kamino);
    expect(state.config.oracleSetup).toBe(OracleSetup.KaminoPythPush);
    expect(state.config.oracleKeys.slice(0, 2)).toEqual([feed.toBase58(), reserve.toBase58()]);
    expect(state.config.borrowLimit).toBe(0n);
    expect(state.integrationAcc1).toBe(reserve.toBase58());
    expect(await market.connection.getAccountInfo(new PublicKey(state.integrationAcc2))).toBeNull();
  });

  it("anyone creates its obligation with a first deposit of at least 10 units that belongs to no one (6209 below)", async () => {
    const source = await tokenAccount(owner().publicKey, 0n);
    const params = {
      ...(await marketAccounts()),
      feePayer: owner().publicKey,
      bank,
      signerTokenAccount: source,
      userMetadata: userMetadataAddress(bankVaultAuthorityAddress(bank, "liquidity")),
    };
    const e = ERRORS.ObligationInitDepositInsufficient;
    await market.expectError(
      kaminoInitObligationInstruction({ ...params, amount: 9n }),
      [owner()],
      e.code,
      "ObligationInitDepositInsufficient",
      e.message,
    );

    await market.send(kaminoInitObligationInstruction({ ...params, amount: INIT_OBLIGATION_DEPOSIT }), [owner()]);
    const o = await obligation();
    expect(o.owner).toBe(bankVaultAuthorityAddress(bank, "liquidity").toBase58());
    expect(o.lendingMarket).toBe(lendingMarket.toBase58());
    expect(o.deposits[0]!.depositReserve).toBe(reserve.toBase58());
    expect(o.deposits[0]!.depositedAmount).toBe(INIT_OBLIGATION_DEPOSIT);
    expect(await tokens(reserveAccountsFor(reserve, lendingMarket, mint).liquiditySupply)).toBe(
      MIN_INITIAL_DEPOSIT + INIT_OBLIGATION_DEPOSIT,
    );
  });

  it("refuses the standard deposit on a Kamino bank (6200)", async () => {
    const e = ERRORS.WrongAssetTagForStandardInstructions;
    await market.expectError(
      depositInstruction({ ...balanceAccounts(), signerTokenAccount: userTokens, amount: USDC }),
      [user.wallet],
      e.code,
      "WrongAssetTagForStandardInstructions",
      e.message,
    );
  });

  it("a deposit needs the obligation refreshed in its slot: the market refuses it (ObligationStale)", async () => {
    const e = KLEND_ERRORS.ObligationStale;
    await market.expectError(await depositIx(USDC), [user.wallet], e.code, "ObligationStale", e.message);
  });

  it("deposits 1 USDC: the account holds the collateral tokens the market minted, 1:1 at the reserve's first rate", async () => {
    await market.send([...(await refreshes()), await depositIx(USDC)], [user.wallet]);
    expect(await shares()).toBe(i80f48.fromInt(USDC));
    expect(await tokens(userTokens)).toBe(9n * USDC);
    expect(await tokens(bankVaultAddress(bank, "liquidity"))).toBe(0n);
    expect((await obligation()).deposits[0]!.depositedAmount).toBe(INIT_OBLIGATION_DEPOSIT + USDC);
    expect((await reserveState()).collateral.mintTotalSupply).toBe(MIN_INITIAL_DEPOSIT + INIT_OBLIGATION_DEPOSIT + USDC);
    expect((await bankState()).totalAssetShares).toBe(i80f48.fromInt(USDC));
  });

  it("a withdrawal needs the reserve refreshed in its slot (6206)", async () => {
    const e = ERRORS.ReserveStale;
    await market.expectError(await withdrawIx(400_000n), [user.wallet], e.code, "ReserveStale", e.message);
  });

  it("withdraws 400,000 collateral tokens for 400,000 units, then the rest with withdraw_all, closing the balance", async () => {
    await market.send([...(await refreshes()), await withdrawIx(400_000n)], [user.wallet]);
    expect(await shares()).toBe(i80f48.fromInt(600_000n));
    expect(await tokens(userTokens)).toBe(9n * USDC + 400_000n);

    await market.send([...(await refreshes()), await withdrawIx(0n, true)], [user.wallet]);
    expect(await shares()).toBeNull();
    expect(await tokens(userTokens)).toBe(10n * USDC);
    expect(await tokens(bankVaultAddress(bank, "liquidity"))).toBe(0n);
    expect((await obligation()).deposits[0]!.depositedAmount).toBe(INIT_OBLIGATION_DEPOSIT);
    expect((await bankState()).totalAssetShares).toBe(i80f48.ZERO);
  });
});
