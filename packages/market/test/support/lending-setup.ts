// A market ready for lending on a real ledger: reserves of priced mints (Pyth feeds the setup keeps fresh), a lender
// who supplied the first reserve, and borrowers with user metadata, a vanilla obligation and tokens to post.
import type { Keypair, PublicKey, TransactionInstruction } from "@solana/web3.js";
import {
  type ReserveAccounts,
  type ReserveConfig,
  borrowObligationLiquidityInstruction,
  borrowObligationLiquidityV2Instruction,
  depositReserveLiquidityAndObligationCollateralInstruction,
  depositReserveLiquidityAndObligationCollateralV2Instruction,
  depositReserveLiquidityInstruction,
  initObligationInstruction,
  initUserMetadataInstruction,
  obligationRefreshInstructions,
  updateEntireReserveConfigInstruction,
  vanillaObligationAddress,
} from "../../src/index.js";
import { activeConfig, type ConfigOptions } from "./configs.js";
import type { MarketHarness } from "./harness.js";

export interface PricedReserve {
  accounts: ReserveAccounts;
  mint: PublicKey;
  feed: PublicKey;
  /** Pyth price with exponent −8. */
  price: bigint;
  decimals: number;
}

export interface Borrower {
  wallet: Keypair;
  obligation: PublicKey;
}

export class LendingSetup {
  private constructor(
    readonly h: MarketHarness,
    readonly market: PublicKey,
  ) {}

  static async create(h: MarketHarness): Promise<LendingSetup> {
    return new LendingSetup(h, await h.createMarket());
  }

  /** A reserve of a new mint priced at `usd` (whole dollars, or a fraction through `price` with exponent −8). */
  async reserve(options: Omit<ConfigOptions, "pyth"> & { decimals: number; price: bigint }): Promise<PricedReserve> {
    const mint = await this.h.createMint(options.decimals);
    const feed = await this.h.pythFeed({ price: options.price, exponent: -8 });
    const { accounts } = await this.h.createReserve(this.market, mint);
    const reserve = { accounts, mint, feed, price: options.price, decimals: options.decimals };
    await this.configure(reserve, activeConfig({ ...options, pyth: feed }));
    return reserve;
  }

  async configure(reserve: PricedReserve, config: ReserveConfig): Promise<void> {
    await this.h.send(this.configureIx(reserve, config), [this.h.owner]);
  }

  configureIx(reserve: PricedReserve, config: ReserveConfig): TransactionInstruction {
    return updateEntireReserveConfigInstruction({
      lendingMarketOwner: this.h.owner.publicKey,
      lendingMarket: this.market,
      reserve: reserve.accounts.reserve,
      config,
    });
  }

  /** Mints `amount` to a funded wallet and supplies it to `reserve` for cTokens. */
  async supply(reserve: PricedReserve, amount: bigint): Promise<Keypair> {
    const lender = await this.h.fundedKeypair();
    const source = await this.wallet(lender, reserve, amount);
    const destination = await this.h.tokenAccount(lender.publicKey, reserve.accounts.collateralMint);
    await this.h.send(
      depositReserveLiquidityInstruction({
        owner: lender.publicKey,
        reserve: reserve.accounts,
        userSourceLiquidity: source,
        userDestinationCollateral: destination,
        liquidityAmount: amount,
      }),
      [lender],
    );
    return lender;
  }

  /** The wallet's token account of the reserve's mint, holding `amount` more. */
  async wallet(owner: Keypair, reserve: PricedReserve, amount = 0n): Promise<PublicKey> {
    const account = await this.h.tokenAccount(owner.publicKey, reserve.mint);
    if (amount > 0n) await this.h.mintTo(reserve.mint, account, amount);
    return account;
  }

  /** A wallet with user metadata and an empty vanilla obligation. */
  async borrower(): Promise<Borrower> {
    const wallet = await this.h.fundedKeypair();
    await this.h.send(
      [
        initUserMetadataInstruction({ owner: wallet.publicKey, feePayer: wallet.publicKey }),
        initObligationInstruction({ obligationOwner: wallet.publicKey, feePayer: wallet.publicKey, lendingMarket: this.market }),
      ],
      [wallet],
    );
    return { wallet, obligation: vanillaObligationAddress(wallet.publicKey, this.market) };
  }

  /** Republishes every feed at its price, so refreshes in the next slot see fresh prices. */
  async publish(reserves: readonly PricedReserve[]): Promise<void> {
    for (const r of reserves) await this.h.setPyth(r.feed, { price: r.price, exponent: -8 });
  }

  /**
   * Fresh prices, refresh_reserve for each of `reserves` and refresh_obligation, for the start of one transaction.
   * The reserve acted on (`actedOn`, else the last of `reserves`) is refreshed right before refresh_obligation, as
   * klend's v1 position instructions require.
   */
  async refreshes(borrower: Borrower, reserves: readonly PricedReserve[], actedOn?: PricedReserve): Promise<TransactionInstruction[]> {
    const ordered = actedOn ? [...reserves.filter((r) => r !== actedOn), actedOn] : reserves;
    await this.publish(ordered);
    const loaded = await Promise.all(
      ordered.map(async (r) => ({ address: r.accounts.reserve, state: await this.h.reserve(r.accounts.reserve) })),
    );
    return obligationRefreshInstructions(borrower.obligation, await this.h.obligation(borrower.obligation), loaded);
  }

  /** Liquidity from the borrower's wallet (minted first) into collateral, after the refreshes it needs. */
  async depositCollateral(borrower: Borrower, reserve: PricedReserve, amount: bigint, reserves: readonly PricedReserve[]) {
    const source = await this.wallet(borrower.wallet, reserve, amount);
    return [...(await this.refreshes(borrower, reserves, reserve)), this.depositCollateralIx(borrower, reserve, source, amount)];
  }

  /** The v1 deposit, or (`v2`) its `_v2` form, which checks no refreshes around it (the reserves here have no farms). */
  depositCollateralIx(borrower: Borrower, reserve: PricedReserve, source: PublicKey, amount: bigint, v2 = false): TransactionInstruction {
    const params = {
      owner: borrower.wallet.publicKey,
      obligation: borrower.obligation,
      reserve: reserve.accounts,
      userSourceLiquidity: source,
      liquidityAmount: amount,
    };
    return v2
      ? depositReserveLiquidityAndObligationCollateralV2Instruction(params)
      : depositReserveLiquidityAndObligationCollateralInstruction(params);
  }

  /** The v1 borrow, or (`v2`) its `_v2` form. */
  async borrowIx(borrower: Borrower, reserve: PricedReserve, amount: bigint, v2 = false): Promise<TransactionInstruction> {
    const params = {
      owner: borrower.wallet.publicKey,
      obligation: borrower.obligation,
      reserve: reserve.accounts,
      userDestinationLiquidity: await this.wallet(borrower.wallet, reserve),
      liquidityAmount: amount,
    };
    return v2 ? borrowObligationLiquidityV2Instruction(params) : borrowObligationLiquidityInstruction(params);
  }
}
