// A market for liquidation and order tests: a USDC debt reserve ($1, no interest, no fees, so debts stay exact) and a
// SOL collateral reserve ($100, 75% LTV, 85% liquidation threshold, bonus 2–10%, bad debt 0.5%, 10% protocol
// liquidation fee, 20% order execution fee), a lender supplying USDC, a borrower with SOL collateral and an obligation,
// and a liquidator holding USDC. Market switches go through update_lending_market.
import { Keypair, PublicKey, type TransactionInstruction } from "@solana/web3.js";
import {
  UpdateLendingMarketMode,
  type UpdateLendingMarketModeName,
  type ReserveAccounts,
  borrowObligationLiquidityInstruction,
  curveFromPoints,
  depositReserveLiquidityAndObligationCollateralInstruction,
  depositReserveLiquidityInstruction,
  initObligationInstruction,
  initUserMetadataInstruction,
  liquidateObligationAndRedeemReserveCollateralInstruction,
  liquidateObligationAndRedeemReserveCollateralV2Instruction,
  refreshObligationInstructionFor,
  refreshReserveInstructionFor,
  updateEntireReserveConfigInstruction,
  updateLendingMarketInstruction,
  vanillaObligationAddress,
} from "../../src/index.js";
import { activeConfig } from "./configs.js";
import { MarketHarness, SOL } from "./harness.js";

export const USDC = 1_000_000n;
const FLAT = curveFromPoints([
  { utilizationRateBps: 0, borrowRateBps: 0 },
  { utilizationRateBps: 10_000, borrowRateBps: 0 },
]);

export interface Borrower {
  keypair: Keypair;
  obligation: PublicKey;
  sol: PublicKey;
  usdc: PublicKey;
}

/** A third reserve for priority tests: ETH ($1,000, 8 decimals), 60% LTV, 70% liquidation threshold, borrow factor 150%. */
export interface EthReserve {
  accounts: ReserveAccounts;
  pyth: PublicKey;
}

export class BorrowerMarket {
  eth: EthReserve | null = null;

  private constructor(
    readonly h: MarketHarness,
    readonly market: PublicKey,
    readonly usdcPyth: PublicKey,
    readonly solPyth: PublicKey,
    readonly usdcR: ReserveAccounts,
    readonly solR: ReserveAccounts,
    readonly liquidator: Keypair,
    readonly liquidatorUsdc: PublicKey,
    readonly liquidatorSol: PublicKey,
    readonly liquidatorCSol: PublicKey,
  ) {}

  static async start(): Promise<BorrowerMarket> {
    const h = await MarketHarness.start();
    const market = await h.createMarket();
    const usdc = await h.createMint(6);
    const sol = await h.createMint(9);
    const usdcPyth = await h.pythFeed({ price: 100_000_000n, exponent: -8 });
    const solPyth = await h.pythFeed({ price: 10_000_000_000n, exponent: -8 });
    const usdcR = (await h.createReserve(market, usdc)).accounts;
    const solR = (await h.createReserve(market, sol)).accounts;
    const bonuses = (c: ReturnType<typeof activeConfig>) => {
      c.minLiquidationBonusBps = 200;
      c.maxLiquidationBonusBps = 1_000;
      c.badDebtLiquidationBonusBps = 50;
      c.protocolLiquidationFeePct = 10;
      c.protocolOrderExecutionFeePct = 20;
      return c;
    };
    const configure = (r: ReserveAccounts, config: ReturnType<typeof activeConfig>) =>
      updateEntireReserveConfigInstruction({ lendingMarketOwner: h.owner.publicKey, lendingMarket: market, reserve: r.reserve, config });
    await h.send(configure(usdcR, bonuses(activeConfig({ name: "USDC", pyth: usdcPyth, curve: FLAT, takeRatePct: 0 }))), [h.owner]);
    await h.send(configure(solR, bonuses(activeConfig({ name: "SOL", pyth: solPyth, ltv: 75, threshold: 85, curve: FLAT }))), [h.owner]);

    const lender = await h.fundedKeypair();
    const lenderUsdc = await h.tokenAccount(lender.publicKey, usdc);
    const lenderCUsdc = await h.tokenAccount(lender.publicKey, usdcR.collateralMint);
    await h.mintTo(usdc, lenderUsdc, 100_000n * USDC);
    await h.send(
      depositReserveLiquidityInstruction({
        owner: lender.publicKey,
        reserve: usdcR,
        userSourceLiquidity: lenderUsdc,
        userDestinationCollateral: lenderCUsdc,
        liquidityAmount: 100_000n * USDC,
      }),
      [lender],
    );
    const liquidator = await h.fundedKeypair();
    const liquidatorUsdc = await h.tokenAccount(liquidator.publicKey, usdc);
    await h.mintTo(usdc, liquidatorUsdc, 10_000n * USDC);
    const liquidatorSol = await h.tokenAccount(liquidator.publicKey, sol);
    const liquidatorCSol = await h.tokenAccount(liquidator.publicKey, solR.collateralMint);
    return new BorrowerMarket(h, market, usdcPyth, solPyth, usdcR, solR, liquidator, liquidatorUsdc, liquidatorSol, liquidatorCSol);
  }

  async addEth(): Promise<EthReserve> {
    const h = this.h;
    const mint = await h.createMint(8);
    const pyth = await h.pythFeed({ price: 100_000_000_000n, exponent: -8 });
    const accounts = (await h.createReserve(this.market, mint)).accounts;
    const config = activeConfig({ name: "ETH", pyth, ltv: 60, threshold: 70, curve: FLAT });
    config.borrowFactorPct = 150n;
    config.minLiquidationBonusBps = 200;
    config.maxLiquidationBonusBps = 1_000;
    config.protocolLiquidationFeePct = 10;
    await h.send(
      updateEntireReserveConfigInstruction({
        lendingMarketOwner: h.owner.publicKey,
        lendingMarket: this.market,
        reserve: accounts.reserve,
        config,
      }),
      [h.owner],
    );
    this.eth = { accounts, pyth };
    return this.eth;
  }

  /** A borrower with an obligation holding `collateral` lamports of SOL as collateral. */
  async borrower(collateral: bigint): Promise<Borrower> {
    const h = this.h;
    const keypair = await h.fundedKeypair();
    const sol = await h.tokenAccount(keypair.publicKey, this.solR.liquidityMint);
    const usdc = await h.tokenAccount(keypair.publicKey, this.usdcR.liquidityMint);
    await h.mintTo(this.solR.liquidityMint, sol, collateral);
    const obligation = vanillaObligationAddress(keypair.publicKey, this.market);
    await h.send(
      [
        initUserMetadataInstruction({ owner: keypair.publicKey, feePayer: keypair.publicKey }),
        initObligationInstruction({ obligationOwner: keypair.publicKey, feePayer: keypair.publicKey, lendingMarket: this.market }),
      ],
      [keypair],
    );
    await h.send(
      [
        refreshReserveInstructionFor(this.solR.reserve, await h.reserve(this.solR.reserve)),
        refreshObligationInstructionFor(obligation, await h.obligation(obligation)),
        depositReserveLiquidityAndObligationCollateralInstruction({
          owner: keypair.publicKey,
          obligation,
          reserve: this.solR,
          userSourceLiquidity: sol,
          liquidityAmount: collateral,
        }),
      ],
      [keypair],
    );
    return { keypair, obligation, sol, usdc };
  }

  /**
   * Prices published now (SOL at `solUsd`, USDC at $1, ETH at $1,000 once added), then refresh_reserve of each and
   * refresh_obligation. The reserves of `actedOn` are refreshed last, right before refresh_obligation, as klend's v1
   * position instructions require (a liquidation's withdraw then repay reserve; by default SOL then USDC).
   */
  async refreshAll(
    obligation: PublicKey,
    solUsd: bigint,
    actedOn: readonly PublicKey[] = [this.solR.reserve, this.usdcR.reserve],
  ): Promise<TransactionInstruction[]> {
    const h = this.h;
    await h.setPyth(this.usdcPyth, { price: 100_000_000n, exponent: -8 });
    await h.setPyth(this.solPyth, { price: solUsd * 100_000_000n, exponent: -8 });
    const used = [this.solR.reserve, this.usdcR.reserve];
    if (this.eth) {
      await h.setPyth(this.eth.pyth, { price: 100_000_000_000n, exponent: -8 });
      used.push(this.eth.accounts.reserve);
    }
    const reserves = [...used.filter((r) => !actedOn.some((a) => a.equals(r))), ...actedOn];
    const refreshes = await Promise.all(reserves.map(async (r) => refreshReserveInstructionFor(r, await h.reserve(r))));
    return [...refreshes, refreshObligationInstructionFor(obligation, await h.obligation(obligation))];
  }

  /** The borrower borrows `amount` of `reserve`'s token into its account of that token (`destination` for ETH). */
  borrow(b: Borrower, amount: bigint, reserve: ReserveAccounts = this.usdcR, destination?: PublicKey): TransactionInstruction {
    return borrowObligationLiquidityInstruction({
      owner: b.keypair.publicKey,
      obligation: b.obligation,
      reserve,
      userDestinationLiquidity: destination ?? (reserve === this.usdcR ? b.usdc : b.sol),
      liquidityAmount: amount,
    });
  }

  /** The liquidator repays up to `amount` USDC of the obligation's debt and takes SOL collateral. */
  liquidate(obligation: PublicKey, amount: bigint, minReceived = 0n): TransactionInstruction {
    return liquidateObligationAndRedeemReserveCollateralInstruction(this.liquidationParams(obligation, amount, minReceived));
  }

  /** The same liquidation in its `_v2` form, which does not check the refreshes around it (no farms here). */
  liquidateV2(obligation: PublicKey, amount: bigint, minReceived = 0n): TransactionInstruction {
    return liquidateObligationAndRedeemReserveCollateralV2Instruction(this.liquidationParams(obligation, amount, minReceived));
  }

  private liquidationParams(obligation: PublicKey, amount: bigint, minReceived: bigint) {
    return {
      liquidator: this.liquidator.publicKey,
      obligation,
      repayReserve: this.usdcR,
      withdrawReserve: this.solR,
      userSourceLiquidity: this.liquidatorUsdc,
      userDestinationCollateral: this.liquidatorCSol,
      userDestinationLiquidity: this.liquidatorSol,
      liquidityAmount: amount,
      minAcceptableReceivedLiquidityAmount: minReceived,
    };
  }

  /** update_lending_market signed by the market owner: `mode` with its Borsh value. */
  async updateMarket(mode: UpdateLendingMarketModeName, value: Uint8Array): Promise<void> {
    await this.h.send(
      updateLendingMarketInstruction({
        lendingMarketOwner: this.h.owner.publicKey,
        lendingMarket: this.market,
        mode: UpdateLendingMarketMode[mode],
        value,
      }),
      [this.h.owner],
    );
  }

  /** A market switch (a u8 0/1 mode) on or off. */
  async setMarketFlag(mode: UpdateLendingMarketModeName, on: boolean): Promise<void> {
    await this.updateMarket(mode, Uint8Array.of(on ? 1 : 0));
  }
}

export { SOL };
