// A Kamino-style market on a TestMarket ledger for the SDK's tests: a lending market with active reserves priced by
// Pyth feeds, the Kamino bank over one of them with its obligation, and a market borrower of its own. The market program must be deployed
// (TestMarket.start({ programs: [marketProgram()] })).
import { getOrCreateAssociatedTokenAccount, mintTo } from "@solana/spl-token";
import { ComputeBudgetProgram, Keypair, type PublicKey } from "@solana/web3.js";
import {
  borrowObligationLiquidityInstruction,
  depositReserveLiquidityAndObligationCollateralInstruction,
  initObligationInstruction,
  initUserMetadataInstruction,
  obligationRefreshInstructions,
  reserveAccountsOf,
  vanillaObligationAddress,
  type LoadedReserve,
  createLendingMarketAccountInstruction,
  createReserveAccountInstruction,
  initLendingMarketInstruction,
  initReserveInstruction,
  lendingMarketAuthority,
  updateEntireReserveConfigInstruction,
  userMetadataAddress,
  LENDING_MARKET_SIZE,
  RESERVE_SIZE,
} from "@ballast/market";
import { OracleSetup, decodeBank, i80f48 } from "@ballast/protocol";
import type { TestMarket } from "../../../protocol/test/support/market.js";
import { testReserveConfig } from "../../../protocol/test/support/kamino-reserve.js";
import {
  addBankKaminoInstruction,
  bankAddressWithSeed,
  bankVaultAuthorityAddress,
  decodeKaminoObligation,
  decodeKaminoReserve,
  kaminoInitObligationInstruction,
} from "../../src/index.js";

/** What init_reserve moves in and counts as both liquidity and collateral supply: the exchange rate starts at 1. */
export const MIN_INITIAL_DEPOSIT = 100_000n;
/** The first deposit kamino_init_obligation makes; it belongs to no one. */
export const INIT_OBLIGATION_DEPOSIT = 100n;

export interface KaminoReserveFixture {
  lendingMarket: PublicKey;
  reserve: PublicKey;
}

/** The wallet's token account of `mint` (the admin's by default), with `amount` more minted into it. */
export async function walletTokens(
  market: TestMarket,
  mint: PublicKey,
  amount: bigint,
  wallet = market.admin.publicKey,
): Promise<PublicKey> {
  market.ledger.warpToTime(market.now());
  const ata = (await getOrCreateAssociatedTokenAccount(market.connection, market.admin, mint, wallet)).address;
  if (amount > 0n) {
    market.ledger.warpToTime(market.now());
    await mintTo(market.connection, market.admin, mint, ata, market.admin, amount);
  }
  return ata;
}

/**
 * An active reserve of `mint` priced by the Pyth `feed` (80% LTV, borrow rate 0–10% over utilization), in `existing`
 * or a new lending market owned by the test admin.
 */
export async function createKaminoReserve(
  market: TestMarket,
  mint: PublicKey,
  feed: PublicKey,
  existing?: PublicKey,
): Promise<KaminoReserveFixture> {
  const owner = market.admin;
  const rent = (size: number) => market.connection.getMinimumBalanceForRentExemption(size);
  const lendingMarket = existing ?? (await createLendingMarket(market));

  const reserveKeypair = Keypair.generate();
  const reserve = reserveKeypair.publicKey;
  const seed = await walletTokens(market, mint, MIN_INITIAL_DEPOSIT + 1_000n);
  await market.send(
    [
      createReserveAccountInstruction({ payer: owner.publicKey, account: reserve, lamports: await rent(RESERVE_SIZE) }),
      initReserveInstruction({
        lendingMarketOwner: owner.publicKey,
        lendingMarket,
        reserve,
        liquidityMint: mint,
        initialLiquiditySource: seed,
      }),
    ],
    [owner, reserveKeypair],
  );
  const config = testReserveConfig({ feed, name: "TEST", limit: 10n ** 15n, borrowRateBps: { empty: 0, full: 1_000 } });
  await market.send(updateEntireReserveConfigInstruction({ lendingMarketOwner: owner.publicKey, lendingMarket, reserve, config }), [owner]);
  return { lendingMarket, reserve };
}

async function createLendingMarket(market: TestMarket): Promise<PublicKey> {
  const owner = market.admin;
  const account = Keypair.generate();
  const lamports = await market.connection.getMinimumBalanceForRentExemption(LENDING_MARKET_SIZE);
  await market.send(
    [
      createLendingMarketAccountInstruction({ payer: owner.publicKey, account: account.publicKey, lamports }),
      initLendingMarketInstruction({ lendingMarketOwner: owner.publicKey, lendingMarket: account.publicKey }),
    ],
    [owner, account],
  );
  return account.publicKey;
}

/** The Kamino bank over the reserve in the test group (asset weights 0.8 / 0.9), with its obligation created. */
export async function addKaminoBank(
  market: TestMarket,
  mint: PublicKey,
  feed: PublicKey,
  fixture: KaminoReserveFixture,
): Promise<PublicKey> {
  const owner = market.admin;
  const bankSeed = 0n;
  const bank = bankAddressWithSeed(market.group, mint, bankSeed);
  const usdc = 1_000_000n;
  await market.send(
    addBankKaminoInstruction({
      group: market.group,
      admin: owner.publicKey,
      bankMint: mint,
      bankSeed,
      ...fixture,
      config: {
        oracle: feed,
        oracleSetup: OracleSetup.KaminoPythPush,
        assetWeightInit: i80f48.fromDecimal("0.8"),
        assetWeightMaint: i80f48.fromDecimal("0.9"),
        depositLimit: 1_000_000n * usdc,
        oracleMaxAge: 60,
      },
    }),
    [owner],
  );
  const bankData = decodeBank((await market.connection.getAccountInfo(bank))!.data);
  const reserve = decodeKaminoReserve((await market.connection.getAccountInfo(fixture.reserve))!.data);
  await market.send(
    [
      // Over a farmed reserve the obligation's farm stake is opened too, past the default 200,000 units.
      ComputeBudgetProgram.setComputeUnitLimit({ units: 400_000 }),
      kaminoInitObligationInstruction({
        bankData,
        reserve,
        lendingMarketAuthority: lendingMarketAuthority(fixture.lendingMarket),
        feePayer: owner.publicKey,
        bank,
        signerTokenAccount: await walletTokens(market, mint, INIT_OBLIGATION_DEPOSIT),
        amount: INIT_OBLIGATION_DEPOSIT,
        userMetadata: userMetadataAddress(bankVaultAuthorityAddress(bank, "liquidity")),
      }),
    ],
    [owner],
  );
  return bank;
}

const loadReserve = async (market: TestMarket, address: PublicKey): Promise<LoadedReserve> => ({
  address,
  state: decodeKaminoReserve((await market.connection.getAccountInfo(address, "confirmed"))!.data),
});

export interface ReserveBorrow {
  lendingMarket: PublicKey;
  /** A reserve of another token, in the same market, where the borrower posts `collateral`. */
  collateralReserve: PublicKey;
  collateralMint: PublicKey;
  collateral: bigint;
  /** The reserve borrowed from, and how much. */
  borrowReserve: PublicKey;
  borrowMint: PublicKey;
  borrow: bigint;
}

/** A market borrower of its own (a funded wallet with a vanilla obligation) posts collateral and borrows. */
export async function borrowFromReserve(market: TestMarket, p: ReserveBorrow): Promise<void> {
  const borrower = Keypair.generate();
  await market.airdrop(borrower.publicKey, 10_000_000_000n);
  const owner = borrower.publicKey;
  const source = await walletTokens(market, p.collateralMint, p.collateral, owner);
  const destination = await walletTokens(market, p.borrowMint, 0n, owner);
  await market.send(
    [
      initUserMetadataInstruction({ owner, feePayer: owner }),
      initObligationInstruction({ obligationOwner: owner, feePayer: owner, lendingMarket: p.lendingMarket }),
    ],
    [borrower],
  );
  const obligation = vanillaObligationAddress(owner, p.lendingMarket);
  const obligationState = async () => decodeKaminoObligation((await market.connection.getAccountInfo(obligation, "confirmed"))!.data);
  const collateral = await loadReserve(market, p.collateralReserve);
  await market.send(
    [
      ...obligationRefreshInstructions(obligation, await obligationState(), [collateral]),
      depositReserveLiquidityAndObligationCollateralInstruction({
        owner,
        obligation,
        reserve: reserveAccountsOf(p.collateralReserve, collateral.state),
        userSourceLiquidity: source,
        liquidityAmount: p.collateral,
      }),
    ],
    [borrower],
  );
  const debt = await loadReserve(market, p.borrowReserve);
  await market.send(
    [
      ...obligationRefreshInstructions(obligation, await obligationState(), [await loadReserve(market, p.collateralReserve), debt]),
      borrowObligationLiquidityInstruction({
        owner,
        obligation,
        reserve: reserveAccountsOf(p.borrowReserve, debt.state),
        userDestinationLiquidity: destination,
        liquidityAmount: p.borrow,
      }),
    ],
    [borrower],
  );
}
