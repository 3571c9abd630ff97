// Liquidating an unhealthy obligation of the third-party market from the liquidator's wallet (market reference
// §2.14, §3.6): in one transaction, the wallet's token accounts for the seized collateral, refresh_reserve for every
// reserve the obligation uses and refresh_obligation (the program's same-slot rule), then
// liquidate_obligation_and_redeem_reserve_collateral. The wallet pays the debt in the repay reserve's token and
// receives the collateral's token; the least it accepts is what it repaid is worth at the prices it planned with.
import { getAccount, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { PublicKey } from "@solana/web3.js";
import {
  liquidateObligationAndRedeemReserveCollateralInstruction,
  obligationRefreshInstructions,
  reserveAccountsOf,
  type LendingMarket,
} from "@ballast/market";
import { createAssociatedTokenAccountInstruction } from "../instructions/tokens.js";
import {
  kaminoLiquidationPlan,
  kaminoRepayWorthInCollateral,
  type KaminoLiquidationPlan,
  type KaminoReservePrices,
} from "../math/kamino-obligation.js";
import { activeKaminoBorrows, activeKaminoDeposits, type KaminoObligation, type KaminoReserve } from "../state/kamino.js";
import type { BroadcastResult } from "../transactions/index.js";
import { sendInstructions, type ActionContext } from "./send.js";
import { walletKey } from "./wallet.js";
import { BallastSdkError } from "../errors.js";

/** A market obligation with everything its valuation needs, as the caller last read them. */
export interface KaminoLiquidationTarget {
  readonly obligation: PublicKey;
  readonly state: KaminoObligation;
  readonly lendingMarket: LendingMarket;
  /** Every reserve the obligation uses, by address. */
  readonly reserves: ReadonlyMap<string, KaminoReserve>;
  /** Each of those reserves' price (Fraction per whole token), e.g. from kaminoReservePrice. */
  readonly prices: KaminoReservePrices;
}

export interface KaminoLiquidateParams extends ActionContext {
  readonly target: KaminoLiquidationTarget;
  /** Debt to repay, native units; by default as much as the plan allows and the wallet holds. */
  readonly repayAmount?: bigint;
  /** How far below the repayment's worth the received collateral may come, in basis points; default 50. */
  readonly toleranceBps?: number;
}

export interface KaminoLiquidateResult extends BroadcastResult {
  readonly plan: KaminoLiquidationPlan;
  readonly repayAmount: bigint;
  /** The least collateral liquidity the transaction accepts, native units. */
  readonly minReceived: bigint;
}

const DEFAULT_TOLERANCE_BPS = 50n;

function loaded(target: KaminoLiquidationTarget, address: string): KaminoReserve {
  const reserve = target.reserves.get(address);
  if (!reserve) throw new Error(`market reserve ${address} is not loaded`);
  return reserve;
}

async function walletBalance(context: ActionContext, mint: PublicKey, tokenProgram: PublicKey): Promise<bigint> {
  const address = getAssociatedTokenAddressSync(mint, walletKey(context.wallet), true, tokenProgram);
  const info = await context.connection.getAccountInfo(address, "confirmed");
  if (!info) return 0n;
  return (await getAccount(context.connection, address, "confirmed", tokenProgram)).amount;
}

/** Plans the liquidation from the target's prices, refuses before signing what the program would refuse, and sends it. */
export async function kaminoLiquidateAction(p: KaminoLiquidateParams): Promise<KaminoLiquidateResult> {
  const { target } = p;
  const plan = kaminoLiquidationPlan(target.state, target.lendingMarket, target.reserves, target.prices);
  if (!plan) throw new BallastSdkError("MARKET_OBLIGATION_HEALTHY", { obligation: target.obligation.toBase58() });
  const repayReserve = loaded(target, plan.repayReserve);
  const withdrawReserve = loaded(target, plan.withdrawReserve);
  const repayAccounts = reserveAccountsOf(plan.repayReserve, repayReserve);
  const withdrawAccounts = reserveAccountsOf(plan.withdrawReserve, withdrawReserve);
  const wallet = walletKey(p.wallet);

  const held = await walletBalance(p, repayAccounts.liquidityMint, repayAccounts.liquidityTokenProgram);
  const repayAmount = p.repayAmount ?? (held < plan.maxRepay ? held : plan.maxRepay);
  if (repayAmount <= 0n || repayAmount > held) {
    throw new BallastSdkError("MARKET_LIQUIDATION_UNFUNDED", {
      mint: repayAccounts.liquidityMint.toBase58(),
      needed: repayAmount > 0n ? repayAmount : 1n,
      held,
    });
  }
  const prices = { repay: target.prices.get(plan.repayReserve) ?? 0n, withdraw: target.prices.get(plan.withdrawReserve) ?? 0n };
  const worth = kaminoRepayWorthInCollateral(repayAmount, repayReserve, withdrawReserve, prices);
  const tolerance = BigInt(p.toleranceBps ?? Number(DEFAULT_TOLERANCE_BPS));
  const minReceived = (worth * (10_000n - tolerance)) / 10_000n;

  const depositReserves = activeKaminoDeposits(target.state).map((d) => d.depositReserve);
  const used = new Set([...depositReserves, ...activeKaminoBorrows(target.state).map((b) => b.borrowReserve)]);
  const reserves = [...used].map((address) => ({ address, state: loaded(target, address) }));
  const instructions = [
    createAssociatedTokenAccountInstruction({ owner: wallet, mint: withdrawAccounts.collateralMint }),
    createAssociatedTokenAccountInstruction({
      owner: wallet,
      mint: withdrawAccounts.liquidityMint,
      tokenProgram: withdrawAccounts.liquidityTokenProgram,
    }),
    ...obligationRefreshInstructions(target.obligation, target.state, reserves),
    liquidateObligationAndRedeemReserveCollateralInstruction({
      liquidator: wallet,
      obligation: target.obligation,
      repayReserve: repayAccounts,
      withdrawReserve: withdrawAccounts,
      userSourceLiquidity: getAssociatedTokenAddressSync(repayAccounts.liquidityMint, wallet, true, repayAccounts.liquidityTokenProgram),
      userDestinationCollateral: getAssociatedTokenAddressSync(withdrawAccounts.collateralMint, wallet, true),
      userDestinationLiquidity: getAssociatedTokenAddressSync(
        withdrawAccounts.liquidityMint,
        wallet,
        true,
        withdrawAccounts.liquidityTokenProgram,
      ),
      liquidityAmount: repayAmount,
      minAcceptableReceivedLiquidityAmount: minReceived,
      // The program keeps elevation-group debt counters on the deposit reserves.
      depositReserves: target.state.elevationGroup === 0 ? undefined : depositReserves,
    }),
  ];
  // The refreshes and the liquidation must share a slot: one transaction.
  const result = await sendInstructions(p, [instructions]);
  return { ...result, plan, repayAmount, minReceived };
}
