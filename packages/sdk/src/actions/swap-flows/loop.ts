// A leveraged deposit in one transaction (spec 000 §5): flash loan → borrow → swap the borrowed tokens for the
// collateral → deposit them with the principal → end, which checks the Initial requirement once. The borrow is sized
// so the position's leverage by value is the target after the swap's minimum out; the deposit is exactly the
// principal plus that minimum, so the preview is what the program books.
import { Keypair, PublicKey, type Signer, type TransactionInstruction } from "@solana/web3.js";
import { NATIVE_MINT } from "@solana/spl-token";
import { i80f48 as fx, type I80F48, type MarginfiAccount } from "@ballast/protocol";
import { initializeAccountInstruction } from "../../instructions/account.js";
import { wrapSolInstructions } from "../../instructions/tokens.js";
import { balancesAfterAction } from "../../math/action-projection.js";
import { accountRisk, type AccountRisk, type BalanceLike } from "../../math/health.js";
import { midPrice } from "../../math/price.js";
import { checkTargetLeverage, loopBorrowAmount } from "../../math/leverage.js";
import type { PricedBank } from "../../math/priced-bank.js";
import { validateBorrow, validateDeposit, type ActionRefusal, type ValidatedAccount } from "../../validation/index.js";
import type { SwapQuote } from "../../swap/client.js";
import { walletKey } from "../wallet.js";
import { borrowLeg, bankMint, depositLeg, marketRefreshes, openTokenAccount, unwrapIfSol } from "./legs.js";
import {
  emptyBalances,
  fitSwap,
  flowPlan,
  flashLoanTransaction,
  flowPreview,
  pricedBank,
  refuseBelowInitial,
  riskAccountsOf,
  sendSwapFlow,
  type SwapFlowContext,
  type SwapFlowPlan,
} from "./plan.js";
import { BallastSdkError } from "../../errors.js";

export interface LoopParams extends SwapFlowContext {
  /** The collateral bank: the principal and the swapped tokens are deposited here. */
  depositBank: string;
  /** The bank borrowed from to buy more collateral. */
  borrowBank: string;
  /** Native units of the collateral token, from the wallet (native SOL is wrapped). */
  principal: bigint;
  /** Decimal, e.g. "3": above 1 and at most the pair's max leverage (e-mode aware). */
  targetLeverage: string;
  /** The account looped in; omitted, a new one is created in the same transaction. */
  marginfiAccount?: PublicKey;
  account?: MarginfiAccount;
}

/** A borrow cut to 99.8 % of the healthy size leaves room for interest and prices moving before it lands. */
const HEALTHY_MARGIN = { numerator: 998n, denominator: 1_000n } as const;

function refuse(refusal: ActionRefusal | null): void {
  if (refusal) throw new BallastSdkError("ACTION_REFUSED", { refusal });
}

function parseLeverage(text: string): I80F48 {
  try {
    return fx.fromDecimal(text.trim());
  } catch {
    throw new BallastSdkError("INVALID_LEVERAGE", { leverage: text });
  }
}

/** The deposit and borrow fit the banks' limits and the borrow bank's liquidity. */
function refuseAboveLimits(collateral: PricedBank, liability: PricedBank, deposit: bigint, borrow: bigint): void {
  if (collateral.depositCapacity !== null && deposit > collateral.depositCapacity) {
    refuse({ code: "ABOVE_MAX", action: "deposit", bank: collateral, max: collateral.depositCapacity });
  }
  const capacity = liability.borrowCapacity;
  const max = capacity !== null && capacity < liability.liquidity ? capacity : liability.liquidity;
  if (borrow > max) refuse({ code: "ABOVE_MAX", action: "borrow", bank: liability, max });
}

export async function planLoop(p: LoopParams): Promise<SwapFlowPlan> {
  if (p.depositBank === p.borrowBank) throw new BallastSdkError("SWAP_SAME_BANK");
  if (p.principal <= 0n) throw new BallastSdkError("AMOUNT_NOT_POSITIVE", { amount: p.principal });
  const collateral = pricedBank(p.market, p.depositBank);
  const liability = pricedBank(p.market, p.borrowBank);
  const target = parseLeverage(p.targetLeverage);
  checkTargetLeverage(target, collateral, liability);

  const start: readonly BalanceLike[] = p.account ? p.account.lendingAccount.balances : emptyBalances();
  const validated: ValidatedAccount | undefined = p.account ? { risk: accountRisk(start, p.market.banks), balances: start } : undefined;
  refuse(validateDeposit({ bank: collateral, account: validated }));
  refuse(validateBorrow({ bank: liability, account: validated }));

  const owner = walletKey(p.wallet);
  const newAccount = p.marginfiAccount ? null : Keypair.generate();
  const marginfiAccount = p.marginfiAccount ?? (newAccount as Keypair).publicKey;
  const group = new PublicKey(collateral.bank.group);
  const held = start.filter((b) => Boolean(b.active)).map((b) => b.bankPk);
  const { reserves, refreshes } = await marketRefreshes(p, [...held, p.depositBank, p.borrowBank], [p.depositBank]);
  const legs = { ...p, marginfiAccount, reserves };
  const [inputMint, outputMint] = [bankMint(p, p.borrowBank), bankMint(p, p.depositBank)];

  const before: TransactionInstruction[] = [
    ...(newAccount ? [initializeAccountInstruction({ group, marginfiAccount, authority: owner, programId: p.programId })] : []),
    ...refreshes,
    ...(outputMint === NATIVE_MINT.toBase58() ? wrapSolInstructions({ owner, lamports: p.principal }) : []),
  ];
  const signers: Signer[] = newAccount ? [newAccount] : [];

  const balancesAfter = (borrow: bigint, received: bigint): BalanceLike[] => {
    const deposited = balancesAfterAction(start, collateral, { kind: "deposit", amount: p.principal + received });
    return balancesAfterAction(deposited, liability, { kind: "borrow", amount: borrow });
  };
  const minimumOut = (quote: SwapQuote) => BigInt(quote.otherAmountThreshold);

  const plan = async (borrow: bigint) => {
    const fitted = await fitSwap(p, { inputMint, outputMint, amount: borrow, swapMode: "ExactIn" }, (quote, swap) => {
      const deposit = p.principal + minimumOut(quote);
      refuseAboveLimits(collateral, liability, deposit, borrow);
      return flashLoanTransaction(p, {
        marginfiAccount,
        before,
        // Inside the loan the borrow's health check is deferred to the end, which is given the risk accounts.
        inner: [
          openTokenAccount(p, p.borrowBank),
          borrowLeg(legs, p.borrowBank, borrow, []),
          ...swap.setup,
          swap.swap,
          depositLeg(legs, p.depositBank, deposit),
        ],
        after: unwrapIfSol(p, [inputMint, outputMint]),
        riskAccounts: riskAccountsOf(p, balancesAfter(borrow, minimumOut(quote))),
        signers,
      });
    });
    const balances = balancesAfter(borrow, minimumOut(fitted.quote));
    return { fitted, preview: flowPreview(p, balances, fitted.quote, p.depositBank) };
  };

  // Size the borrow at oracle prices, then again at the rate the route actually gives (minimum out per token in).
  const atPrices = loopBorrowAmount({ collateral, liability, principal: p.principal, target, rate: priceRate(collateral, liability) });
  if (atPrices === null || atPrices <= 0n) throw new BallastSdkError("PRICE_UNAVAILABLE", { bank: p.borrowBank });
  const firstQuote = await p.swap.quote({ inputMint, outputMint, amount: atPrices, swapMode: "ExactIn", slippageBps: p.slippageBps });
  const rate = fx.div(fx.fromInt(minimumOut(firstQuote)), fx.fromInt(atPrices));
  const borrow = loopBorrowAmount({ collateral, liability, principal: p.principal, target, rate }) ?? atPrices;
  let result = await plan(borrow);

  // Near the max leverage the biased prices of the Initial check can leave the target just out of reach: cut the
  // borrow to where Initial health, linear in the borrow, reaches zero, less a margin.
  const atFull = initialHealth(result.preview.risk);
  if (atFull < 0n) {
    const half = borrow / 2n;
    const atHalf = initialHealth(accountRisk(balancesAfter(half, (minimumOut(result.fitted.quote) * half) / borrow), p.market.banks));
    if (atHalf > atFull) {
      const healthy = half + (half * atHalf) / (atHalf - atFull);
      result = await plan((healthy * HEALTHY_MARGIN.numerator) / HEALTHY_MARGIN.denominator);
    }
  }
  refuseBelowInitial(result.preview);
  const { fitted, preview } = result;
  return flowPlan("loop", marginfiAccount, fitted, preview);
}

/** Collateral native units one borrowed native unit buys at oracle prices; zero without both prices. */
function priceRate(collateral: PricedBank, liability: PricedBank): I80F48 {
  const [pc, pl] = [midPrice(collateral.price), midPrice(liability.price)];
  if (pc === null || pl === null || pc === fx.ZERO) return fx.ZERO;
  // (pl / 10^dl) / (pc / 10^dc), in integers.
  return fx.fromBits((pl * collateral.tenPow * fx.ONE) / (pc * liability.tenPow));
}

/** Initial weighted assets minus liabilities. */
function initialHealth(risk: AccountRisk): I80F48 {
  const { assets, liabilities } = risk.health.initial;
  return fx.sub(assets, liabilities);
}

export async function loopAction(p: LoopParams) {
  return sendSwapFlow(p, await planLoop(p));
}
