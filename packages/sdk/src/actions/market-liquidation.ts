// Liquidating an unhealthy obligation of the third-party market (market reference §2.14, §3.6): refresh_reserve for
// every reserve the obligation uses and refresh_obligation (the program's same-slot rule), then
// liquidate_obligation_and_redeem_reserve_collateral_v2 with the withdraw reserve's collateral farm and the repay
// reserve's debt farm (the `_v2` form refreshes the obligation's farm stakes itself, where the v1 form needs farm
// refreshes around it), in one transaction. The least collateral it accepts is what the
// repayment is worth at the prices it planned with. Either the wallet pays the debt from its own tokens and keeps the
// collateral, or, capital-free as liquidators run, the debt's reserve lends the repayment by flash loan and the seized
// collateral buys it back on the swap venue before the flash repay, the wallet keeping what is left.
import { getAccount, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { PublicKey } from "@solana/web3.js";
import {
  fraction,
  flashLoanInstructions,
  ZERO_PUBKEY,
  liquidateObligationAndRedeemReserveCollateralV2Instruction,
  obligationRefreshInstructions,
  originationFee,
  reserveAccountsOf,
  type LendingMarket,
} from "@ballast/market";
import type { SwapClient } from "../swap/client.js";
import { withLookupTables } from "./lookup-tables.js";
import { flashLoanComputeBudget } from "./swap-flows/plan.js";
import { createAssociatedTokenAccountInstruction } from "../instructions/tokens.js";
import {
  kaminoLiquidationPlan,
  kaminoRepayWorthInCollateral,
  type KaminoLiquidationPlan,
  type KaminoReservePrices,
} from "../math/kamino-obligation.js";
import { activeKaminoBorrows, activeKaminoDeposits, type KaminoObligation, type KaminoReserve } from "../state/kamino.js";
import type { BroadcastResult } from "../transactions/index.js";
import { sendDrafts, sendInstructions, type ActionContext } from "./send.js";

/** A reserve's farm of one side, or none when it has not configured one. */
const farmOrNone = (farm: string): string | null => (farm === ZERO_PUBKEY ? null : farm);
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
  /** Fund the repayment by flash loan from the debt's reserve and buy it back with the collateral on this venue. */
  readonly flashLoan?: { readonly swap: SwapClient; readonly slippageBps: number; readonly maxAccounts?: number };
}

export interface KaminoLiquidateResult extends BroadcastResult {
  readonly plan: KaminoLiquidationPlan;
  readonly repayAmount: bigint;
  /** The least collateral liquidity the transaction accepts, native units. */
  readonly minReceived: bigint;
  /** With a flash loan: the most collateral the swap may sell to repay it, its fee included. */
  readonly swapSpend: bigint | null;
}

const DEFAULT_TOLERANCE_BPS = 50;

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

  const prices = { repay: target.prices.get(plan.repayReserve) ?? 0n, withdraw: target.prices.get(plan.withdrawReserve) ?? 0n };
  const tolerance = BigInt(p.toleranceBps ?? DEFAULT_TOLERANCE_BPS);
  const worth = (repay: bigint) =>
    (kaminoRepayWorthInCollateral(repay, repayReserve, withdrawReserve, prices) * (10_000n - tolerance)) / 10_000n;

  let repayAmount: bigint;
  if (p.flashLoan) {
    // The reserve lends no more than it holds.
    const most = plan.maxRepay < repayReserve.liquidity.availableAmount ? plan.maxRepay : repayReserve.liquidity.availableAmount;
    repayAmount = p.repayAmount ?? most;
  } else {
    const held = await walletBalance(p, repayAccounts.liquidityMint, repayAccounts.liquidityTokenProgram);
    repayAmount = p.repayAmount ?? (held < plan.maxRepay ? held : plan.maxRepay);
    if (repayAmount <= 0n || repayAmount > held) {
      throw new BallastSdkError("MARKET_LIQUIDATION_UNFUNDED", {
        mint: repayAccounts.liquidityMint.toBase58(),
        needed: repayAmount > 0n ? repayAmount : 1n,
        held,
      });
    }
  }
  if (repayAmount <= 0n) throw new BallastSdkError("AMOUNT_NOT_POSITIVE", { amount: repayAmount });
  const minReceived = worth(repayAmount);

  const depositReserves = activeKaminoDeposits(target.state).map((d) => d.depositReserve);
  const used = new Set([...depositReserves, ...activeKaminoBorrows(target.state).map((b) => b.borrowReserve)]);
  const reserves = [...used].map((address) => ({ address, state: loaded(target, address) }));
  const openAccounts = [
    createAssociatedTokenAccountInstruction({ owner: wallet, mint: withdrawAccounts.collateralMint }),
    createAssociatedTokenAccountInstruction({
      owner: wallet,
      mint: withdrawAccounts.liquidityMint,
      tokenProgram: withdrawAccounts.liquidityTokenProgram,
    }),
  ];
  const debtAccount = getAssociatedTokenAddressSync(repayAccounts.liquidityMint, wallet, true, repayAccounts.liquidityTokenProgram);
  const liquidate = (minAcceptableReceivedLiquidityAmount: bigint) => [
    ...obligationRefreshInstructions(target.obligation, target.state, reserves),
    liquidateObligationAndRedeemReserveCollateralV2Instruction({
      liquidator: wallet,
      obligation: target.obligation,
      repayReserve: repayAccounts,
      withdrawReserve: withdrawAccounts,
      userSourceLiquidity: debtAccount,
      userDestinationCollateral: getAssociatedTokenAddressSync(withdrawAccounts.collateralMint, wallet, true),
      userDestinationLiquidity: getAssociatedTokenAddressSync(
        withdrawAccounts.liquidityMint,
        wallet,
        true,
        withdrawAccounts.liquidityTokenProgram,
      ),
      liquidityAmount: repayAmount,
      minAcceptableReceivedLiquidityAmount,
      // The program keeps elevation-group debt counters on the deposit reserves.
      depositReserves: target.state.elevationGroup === 0 ? undefined : depositReserves,
      collateralFarm: farmOrNone(withdrawReserve.farmCollateral),
      debtFarm: farmOrNone(repayReserve.farmDebt),
    }),
  ];

  if (!p.flashLoan) {
    // The refreshes and the liquidation must share a slot: one transaction.
    const result = await sendInstructions(p, [[...openAccounts, ...liquidate(minReceived)]]);
    return { ...result, plan, repayAmount, minReceived, swapSpend: null };
  }

  const feeRate = repayReserve.config.fees.flashLoanFeeSf;
  if (feeRate === fraction.U64_MAX) throw new BallastSdkError("MARKET_FLASH_LOANS_DISABLED", { reserve: plan.repayReserve });
  const owed = repayAmount + originationFee(repayAmount, feeRate, "exclusive");
  const { swap, slippageBps, maxAccounts } = p.flashLoan;
  const quote = await swap.quote({
    inputMint: withdrawAccounts.liquidityMint.toBase58(),
    outputMint: repayAccounts.liquidityMint.toBase58(),
    amount: owed,
    swapMode: "ExactOut",
    slippageBps,
    maxAccounts,
  });
  const swapSpend = BigInt(quote.otherAmountThreshold);
  if (swapSpend > minReceived) throw new BallastSdkError("LIQUIDATION_SWAP_UNPROFITABLE", { spend: swapSpend, withdraw: minReceived });
  const route = await swap.instructions({ quote, user: wallet, wrapAndUnwrapSol: false });
  const budget = flashLoanComputeBudget();
  const instructions = [
    ...budget,
    ...flashLoanInstructions(
      {
        userTransferAuthority: wallet,
        reserve: repayAccounts,
        userLiquidity: debtAccount,
        liquidityAmount: repayAmount,
        borrowInstructionIndex: budget.length,
      },
      [...liquidate(minReceived), route.swap],
    ),
  ];
  const lookupTables = await withLookupTables(p.connection, p.lookupTables ?? [], route.lookupTableAddresses);
  // The token accounts and the route's setup first: the flash loan's transaction has no room for them.
  const result = await sendDrafts(p, [
    {
      instructions: [
        ...openAccounts,
        createAssociatedTokenAccountInstruction({
          owner: wallet,
          mint: repayAccounts.liquidityMint,
          tokenProgram: repayAccounts.liquidityTokenProgram,
        }),
        ...route.setup,
      ],
    },
    { instructions, lookupTables, flashLoan: true },
  ]);
  return { ...result, plan, repayAmount, minReceived, swapSpend };
}
