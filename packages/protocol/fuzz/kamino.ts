// The fuzzer's Kamino-backed bank: a lending market in the third-party market program with a reserve of the SOL
// asset's mint (priced by its Pyth feed) and a reserve of BTC, the group's bank over the SOL reserve with its
// obligation, and a market borrower of its own who keeps part of the reserve lent out, so the reserve accrues
// interest and the bank's collateral tokens grow in value. Every transaction that names the reserve carries its
// refresh (the lending program prices the position only from a reserve refreshed in its slot).
import { ComputeBudgetProgram, Keypair, PublicKey, type TransactionInstruction } from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import {
  LENDING_MARKET_SIZE,
  RESERVE_SIZE,
  borrowObligationLiquidityInstruction,
  createLendingMarketAccountInstruction,
  createReserveAccountInstruction,
  decodeObligation,
  decodeReserve,
  depositReserveLiquidityAndObligationCollateralInstruction,
  exchangeRateOf,
  initLendingMarketInstruction,
  initObligationInstruction,
  initReserveInstruction,
  initUserMetadataInstruction,
  lendingMarketAuthority,
  obligationRefreshInstructions,
  refreshObligationInstruction,
  refreshReserveInstructionFor,
  reserveAccountsOf,
  updateEntireReserveConfigInstruction,
  userMetadataAddress,
  vanillaObligationAddress,
  type Reserve,
} from "@ballast/market";
import { OracleSetup, decodeBank, i80f48 } from "../src/index.js";
import {
  addBankKaminoInstruction,
  kaminoDepositInstruction,
  kaminoInitObligationInstruction,
  kaminoWithdrawInstruction,
} from "../../sdk/src/instructions/kamino.js";
import { bankAddressWithSeed, bankVaultAuthorityAddress } from "../../sdk/src/instructions/pda.js";
import { bankVaults, type Meta, type TestBank, type TestMarket, type TestUser } from "../test/support/market.js";
import { testReserveConfig } from "../test/support/kamino-reserve.js";
import { rentExempt, type Chain } from "./chain.js";

/** What init_reserve takes from the admin (and counts 1:1 as collateral), and the obligation's first deposit. */
export const RESERVE_INITIAL_DEPOSIT = 100_000n;
export const OBLIGATION_INITIAL_DEPOSIT = 100n;

export interface KaminoBank {
  /** The group's bank over the reserve, its risk accounts naming the reserve. */
  bank: TestBank;
  /** The asset whose mint the reserve lends and whose feed prices it. */
  symbol: string;
  lendingMarket: PublicKey;
  reserve: PublicKey;
  /** The bank's obligation, owned by its liquidity vault authority. */
  obligation: PublicKey;
  liquiditySupply: PublicKey;
  collateralMint: PublicKey;
  collateralSupply: PublicKey;
  /** The market borrower's obligation and the reserve of its collateral. */
  borrowerObligation: PublicKey;
  collateralReserve: PublicKey;
}

/** The reserve of one mint the market is given, priced by that asset's Pyth feed. */
interface ReserveAsset {
  mint: PublicKey;
  feed: PublicKey;
  adminTokens: PublicKey;
}

async function createReserve(market: TestMarket, chain: Chain, lendingMarket: PublicKey, asset: ReserveAsset): Promise<PublicKey> {
  const admin = market.admin;
  const reserve = Keypair.generate();
  await chain.send([createMintToInstruction(asset.mint, asset.adminTokens, admin.publicKey, RESERVE_INITIAL_DEPOSIT)], [admin]);
  await chain.send(
    [
      createReserveAccountInstruction({ payer: admin.publicKey, account: reserve.publicKey, lamports: Number(rentExempt(RESERVE_SIZE)) }),
      initReserveInstruction({
        lendingMarketOwner: admin.publicKey,
        lendingMarket,
        reserve: reserve.publicKey,
        liquidityMint: asset.mint,
        initialLiquiditySource: asset.adminTokens,
      }),
    ],
    [admin, reserve],
  );
  // Steep, so a few days of accrual move the exchange rate visibly.
  const config = testReserveConfig({ feed: asset.feed, name: "FUZZ", limit: 10n ** 18n, borrowRateBps: { empty: 500, full: 20_000 } });
  await chain.send(
    [updateEntireReserveConfigInstruction({ lendingMarketOwner: admin.publicKey, lendingMarket, reserve: reserve.publicKey, config })],
    [admin],
  );
  return reserve.publicKey;
}

export const reserveOf = (chain: Chain, kamino: KaminoBank): Reserve => decodeReserve(chain.data(kamino.reserve));

/** The reserve's collateral exchange rate: liquidity owned by depositors (a fraction) against collateral tokens. */
export function kaminoRate(chain: Chain, kamino: KaminoBank): { liquidity: bigint; collateral: bigint } {
  const rate = exchangeRateOf(reserveOf(chain, kamino));
  return { liquidity: rate.liquidity, collateral: rate.collateralSupply };
}

/** refresh_reserve of the bank's reserve, from its configured feed. */
export const refreshReserveIx = (chain: Chain, kamino: KaminoBank): TransactionInstruction =>
  refreshReserveInstructionFor(kamino.reserve, reserveOf(chain, kamino));

/** The refreshes a Kamino action needs before it: the reserve, then the bank's obligation (its one deposit). */
export function actionRefreshes(chain: Chain, kamino: KaminoBank): TransactionInstruction[] {
  return [
    refreshReserveIx(chain, kamino),
    refreshObligationInstruction({
      lendingMarket: kamino.lendingMarket,
      obligation: kamino.obligation,
      depositReserves: [kamino.reserve],
      borrowReserves: [],
    }),
  ];
}

function marketAccounts(chain: Chain, kamino: KaminoBank) {
  return {
    bankData: decodeBank(chain.data(kamino.bank.key)),
    reserve: reserveOf(chain, kamino),
    lendingMarketAuthority: lendingMarketAuthority(kamino.lendingMarket),
  };
}

/** kamino_deposit of `amount` native units from the user's token account, after the refreshes. */
export function depositIxs(chain: Chain, group: PublicKey, kamino: KaminoBank, user: TestUser, tokens: PublicKey, amount: bigint) {
  return [
    ...actionRefreshes(chain, kamino),
    kaminoDepositInstruction({
      group,
      marginfiAccount: user.account,
      authority: user.wallet.publicKey,
      bank: kamino.bank.key,
      ...marketAccounts(chain, kamino),
      signerTokenAccount: tokens,
      amount,
    }),
  ];
}

/** kamino_withdraw of `collateral` collateral tokens (or all of them), after the refreshes. */
export function withdrawIxs(
  chain: Chain,
  group: PublicKey,
  kamino: KaminoBank,
  user: TestUser,
  tokens: PublicKey,
  collateral: bigint,
  withdrawAll: boolean,
  risk: Meta[],
) {
  return [
    ...actionRefreshes(chain, kamino),
    kaminoWithdrawInstruction({
      group,
      marginfiAccount: user.account,
      authority: user.wallet.publicKey,
      bank: kamino.bank.key,
      ...marketAccounts(chain, kamino),
      destinationTokenAccount: tokens,
      collateral,
      withdrawAll,
      riskAccounts: risk.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    }),
  ];
}

/**
 * The market, both reserves, the bank with its obligation, and the market borrower: `borrowerCollateral` native
 * units of the collateral asset posted, `borrowed` native units of the lent asset borrowed once `supply` (from the
 * `supplier`, through the bank) is in the reserve.
 */
export async function createKaminoBank(
  market: TestMarket,
  chain: Chain,
  group: PublicKey,
  lent: ReserveAsset & { symbol: string; decimals: number },
  collateral: ReserveAsset,
  supply: { supplier: TestUser; tokens: PublicKey; amount: bigint },
  borrower: { collateral: bigint; borrowed: bigint },
): Promise<KaminoBank> {
  const admin = market.admin;
  const lendingMarketKey = Keypair.generate();
  const lendingMarket = lendingMarketKey.publicKey;
  await chain.send(
    [
      createLendingMarketAccountInstruction({
        payer: admin.publicKey,
        account: lendingMarket,
        lamports: Number(rentExempt(LENDING_MARKET_SIZE)),
      }),
      initLendingMarketInstruction({ lendingMarketOwner: admin.publicKey, lendingMarket }),
    ],
    [admin, lendingMarketKey],
  );
  const reserve = await createReserve(market, chain, lendingMarket, lent);
  const collateralReserve = await createReserve(market, chain, lendingMarket, collateral);

  const bankKey = bankAddressWithSeed(group, lent.mint, 0n);
  await chain.send(
    [
      addBankKaminoInstruction({
        group,
        admin: admin.publicKey,
        bankMint: lent.mint,
        bankSeed: 0n,
        reserve,
        lendingMarket,
        config: {
          oracle: lent.feed,
          oracleSetup: OracleSetup.KaminoPythPush,
          assetWeightInit: i80f48.fromDecimal("0.75"),
          assetWeightMaint: i80f48.fromDecimal("0.85"),
          depositLimit: 10n ** 18n,
          oracleMaxAge: 60,
        },
      }),
    ],
    [admin],
  );
  const state = decodeReserve(chain.data(reserve));
  const bank: TestBank = {
    key: bankKey,
    mint: lent.mint,
    decimals: lent.decimals,
    oracle: lent.feed,
    oracleKind: "pyth",
    vaults: bankVaults(bankKey),
    reserve,
  };
  const kamino: KaminoBank = {
    bank,
    symbol: `k${lent.symbol}`,
    lendingMarket,
    reserve,
    obligation: new PublicKey(decodeBank(chain.data(bankKey)).integrationAcc2),
    liquiditySupply: new PublicKey(state.liquidity.supplyVault),
    collateralMint: new PublicKey(state.collateral.mintPubkey),
    collateralSupply: new PublicKey(state.collateral.supplyVault),
    borrowerObligation: PublicKey.default,
    collateralReserve,
  };
  await chain.send([createMintToInstruction(lent.mint, lent.adminTokens, admin.publicKey, OBLIGATION_INITIAL_DEPOSIT)], [admin]);
  await chain.send(
    [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 400_000 }),
      kaminoInitObligationInstruction({
        ...marketAccounts(chain, kamino),
        feePayer: admin.publicKey,
        bank: bankKey,
        signerTokenAccount: lent.adminTokens,
        amount: OBLIGATION_INITIAL_DEPOSIT,
        userMetadata: userMetadataAddress(bankVaultAuthorityAddress(bankKey, "liquidity")),
      }),
    ],
    [admin],
  );
  await chain.send(depositIxs(chain, group, kamino, supply.supplier, supply.tokens, supply.amount), [supply.supplier.wallet]);
  kamino.borrowerObligation = await openMarketBorrower(market, chain, kamino, lent, collateral, borrower);
  return kamino;
}

/** A wallet with a vanilla obligation that posts collateral in the second reserve and borrows from the bank's. */
async function openMarketBorrower(
  market: TestMarket,
  chain: Chain,
  kamino: KaminoBank,
  lent: ReserveAsset,
  collateral: ReserveAsset,
  amounts: { collateral: bigint; borrowed: bigint },
): Promise<PublicKey> {
  const admin = market.admin;
  const wallet = Keypair.generate();
  const owner = wallet.publicKey;
  await market.ledger.requestAirdrop(owner.toBase58(), 10_000_000_000n);
  const source = getAssociatedTokenAddressSync(collateral.mint, owner);
  const destination = getAssociatedTokenAddressSync(lent.mint, owner);
  await chain.send(
    [
      createAssociatedTokenAccountIdempotentInstruction(admin.publicKey, source, owner, collateral.mint),
      createAssociatedTokenAccountIdempotentInstruction(admin.publicKey, destination, owner, lent.mint),
      createMintToInstruction(collateral.mint, source, admin.publicKey, amounts.collateral),
    ],
    [admin],
  );
  await chain.send(
    [
      initUserMetadataInstruction({ owner, feePayer: owner }),
      initObligationInstruction({ obligationOwner: owner, feePayer: owner, lendingMarket: kamino.lendingMarket }),
    ],
    [wallet],
  );
  const obligation = vanillaObligationAddress(owner, kamino.lendingMarket);
  const loaded = (address: PublicKey) => ({ address, state: decodeReserve(chain.data(address)) });
  await chain.send(
    [
      ...obligationRefreshInstructions(obligation, decodeObligation(chain.data(obligation)), [loaded(kamino.collateralReserve)]),
      depositReserveLiquidityAndObligationCollateralInstruction({
        owner,
        obligation,
        reserve: reserveAccountsOf(kamino.collateralReserve, loaded(kamino.collateralReserve).state),
        userSourceLiquidity: source,
        liquidityAmount: amounts.collateral,
      }),
    ],
    [wallet],
  );
  await chain.send(
    [
      ...obligationRefreshInstructions(obligation, decodeObligation(chain.data(obligation)), [
        loaded(kamino.collateralReserve),
        loaded(kamino.reserve),
      ]),
      borrowObligationLiquidityInstruction({
        owner,
        obligation,
        reserve: reserveAccountsOf(kamino.reserve, loaded(kamino.reserve).state),
        userDestinationLiquidity: destination,
        liquidityAmount: amounts.borrowed,
      }),
    ],
    [wallet],
  );
  return obligation;
}
