// Classic liquidation, receivership liquidation and bankruptcy settlement, against the users' current positions.
// A landed liquidation must not lower the liquidatee's Maintenance health; a settlement must land exactly when the
// health pulse just before found the account bankrupt, and is checked against the state it started from
// (test/support/bankruptcy.ts). Most steps target a user a fresh health pulse finds liquidatable (or bankrupt), so
// that liquidations and settlements land as a real share of the mix; the rest pick any user and mostly fail.
import { ComputeBudgetProgram } from "@solana/web3.js";
import { BankOperationalState, i80f48, type HealthCache } from "../../src/index.js";
import { beforeSettlement, expectSettlement } from "../../test/support/bankruptcy.js";
import { handleBankruptcyWithRiskIx, liquidateWithRiskIx } from "../../test/support/liquidation.js";
import { endLiquidationIx, startLiquidationIx } from "../../test/support/receivership.js";
import { maintenance, pulse } from "../invariants.js";
import { InvariantViolation } from "../violation.js";
import { USERS, type Actor, type Asset, type World } from "../world.js";
import { at, defineOp, fraction, index, outcome, part, type Outcome } from "./op.js";

function positions(world: World, actor: Actor, args: { collateral: number; debt: number }) {
  const held = world.held(actor, "assets");
  const owed = world.held(actor, "liabilities");
  if (held.length === 0 || owed.length === 0) return null;
  return { collateral: at(held, args.collateral), debt: at(owed, args.debt) };
}

/**
 * With `target`, a user (the `user`-th, wrapping) among those a fresh pulse finds `wanted`, or any user when none is;
 * without it, the `user`-th user.
 */
async function victim(world: World, args: { user: number; target: boolean }, wanted: (cache: HealthCache) => boolean): Promise<Actor> {
  if (!args.target) return at(world.users, args.user);
  const found: Actor[] = [];
  for (const actor of world.users) {
    if (world.held(actor, "liabilities").length > 0 && wanted(await pulse(world, actor))) found.push(actor);
  }
  return at(found.length > 0 ? found : world.users, args.user);
}

const liquidatable = (cache: HealthCache) => i80f48.cmp(maintenance(cache), i80f48.ZERO) < 0;
/** The pulse's bankruptcy check passed: no assets left to cover the debt. */
const bankrupt = (cache: HealthCache) => cache.internalBankruptcyErr === 0;

/**
 * Lands the liquidation and holds it to Maintenance health never falling. The two banks it touches accrue first
 * (a paused one refuses, and so will the liquidation): otherwise the interest the liquidation itself accrues since
 * the banks' last accrual would count against it.
 */
async function liquidation(
  world: World,
  actor: Actor,
  what: string,
  banks: Asset[],
  land: () => Promise<{ err: unknown }>,
): Promise<Outcome> {
  for (const asset of banks) await world.land([world.market.accrueIx(asset.bank)], [world.market.admin]);
  const before = maintenance(await pulse(world, actor));
  const { err } = await land();
  if (err === null) {
    const after = maintenance(await pulse(world, actor));
    if (i80f48.cmp(after, before) < 0) {
      throw new InvariantViolation(
        "no liquidation worsens Maintenance health",
        `${what} took Maintenance health from ${i80f48.toDecimal(before)} to ${i80f48.toDecimal(after)}`,
      );
    }
  }
  return outcome(err);
}

export const liquidate = defineOp({
  kind: "liquidate",
  weight: 8,
  generate: (random) => ({
    user: index(random, USERS),
    target: random() < 0.75,
    collateral: index(random, 6),
    debt: index(random, 6),
    fraction: fraction(random),
    whole: random() < 0.6,
  }),
  async execute(world, args) {
    const actor = await victim(world, args, liquidatable);
    const picked = positions(world, actor, args);
    if (!picked) return "skipped";
    const { collateral, debt } = picked;
    const balance = world.position(actor, collateral, "assets");
    const amount = args.whole ? balance : part(balance, args.fraction) + 1n;
    const vaults = debt.bank.vaults;
    const insurance = world.chain.tokenAmount(vaults.insurance);
    const liquidity = world.chain.tokenAmount(vaults.liquidity);
    const liquidator = world.liquidator;
    const ix = liquidateWithRiskIx(
      world.market,
      { liquidator: liquidator.user, liquidatee: actor.user, assetBank: collateral.bank, liabBank: debt.bank, assetAmount: amount },
      world.risk(liquidator, { add: [collateral.bank, debt.bank] }),
      world.risk(actor),
    );
    return liquidation(world, actor, `liquidating ${amount} ${collateral.symbol} for ${debt.symbol}`, [collateral, debt], async () => {
      // Both accounts' risk accounts priced twice over: more than the default 200,000 units with many positions.
      const landed = await world.land([ComputeBudgetProgram.setComputeUnitLimit({ units: 1_000_000 }), ix], [liquidator.user.wallet]);
      if (landed.err === null) {
        // The liquidation fee goes from the debt bank's liquidity vault to its insurance vault, and nothing else moves.
        const paid = world.chain.tokenAmount(vaults.insurance) - insurance;
        if (paid < 0n || world.chain.tokenAmount(vaults.liquidity) - liquidity !== -paid) {
          throw new InvariantViolation("vault identity", `${debt.symbol}: a liquidation moved tokens other than its insurance fee`);
        }
        world.model.insurance[debt.index]! += paid;
      }
      return landed;
    });
  },
});

export const receivership = defineOp({
  kind: "receivership",
  weight: 4,
  generate: (random) => ({
    user: index(random, USERS),
    target: random() < 0.75,
    collateral: index(random, 6),
    debt: index(random, 6),
    seize: fraction(random),
    repay: fraction(random),
    closeOut: random() < 0.5,
  }),
  async execute(world, args) {
    const actor = await victim(world, args, liquidatable);
    const picked = positions(world, actor, args);
    if (!picked) return "skipped";
    const { collateral, debt } = picked;
    const receiver = world.liquidator;
    const seize = args.closeOut ? 0n : part(world.position(actor, collateral, "assets"), args.seize * 0.3);
    const repay = part(world.position(actor, debt, "liabilities"), args.repay * 0.5);
    const risk = world.risk(actor);
    const riskAfter = args.closeOut ? world.risk(actor, { remove: collateral.bank }) : risk;
    const acting = { ...actor.user, wallet: receiver.user.wallet };
    const receiverKey = receiver.user.wallet.publicKey;
    const market = world.market;
    const instructions = [
      startLiquidationIx(actor.user.account, receiverKey, risk),
      market.withdrawIx(acting, collateral.bank, receiver.tokens[collateral.index]!, seize, risk, args.closeOut || undefined),
      market.repayIx(acting, debt.bank, receiver.tokens[debt.index]!, repay),
      endLiquidationIx(market, actor.user.account, receiverKey, riskAfter),
    ];
    return liquidation(world, actor, `receivership of ${collateral.symbol} for ${debt.symbol}`, [collateral, debt], () =>
      world.land(instructions, [receiver.user.wallet]),
    );
  },
});

export const bankruptcy = defineOp({
  kind: "bankruptcy",
  weight: 5,
  generate: (random) => ({ user: index(random, USERS), target: random() < 0.75, debt: index(random, 6) }),
  async execute(world, args) {
    const actor = await victim(world, args, bankrupt);
    const owed = world.held(actor, "liabilities");
    if (owed.length === 0) return "skipped";
    const debt = at(owed, args.debt);
    const market = world.market;
    // Accrued first, as the settlement checks expect: a bank paused through the last accrual is behind the clock, and
    // the settlement's own accrual would grow the bad debt past what was read before it.
    await world.land([market.accrueIx(debt.bank)], [market.admin]);
    const health = await pulse(world, actor);
    // A paused bank (or one a bankruptcy killed) refuses every settlement, bankrupt account or not.
    const state = world.bank(debt).config.operationalState;
    const open = state === BankOperationalState.Operational || state === BankOperationalState.ReduceOnly;
    const settles = bankrupt(health) && open;
    const accounts = world.actors().map((a) => a.user.account);
    const before = settles ? await beforeSettlement(market, actor.user, debt.bank, accounts) : null;
    const landed = await world.land([handleBankruptcyWithRiskIx(market, actor.user, debt.bank, world.risk(actor))], [market.admin]);
    if ((landed.err === null) !== settles) {
      throw new InvariantViolation(
        "bankruptcy settles exactly the bankrupt",
        `settling ${debt.symbol} debt gave ${JSON.stringify(landed.err)} where the pulse found bankruptcy error ${health.internalBankruptcyErr} (bank state ${state})`,
      );
    }
    if (landed.err === null && before) {
      let settled;
      try {
        settled = await expectSettlement(market, landed.signature, actor.user, debt.bank, accounts, before, debt.symbol);
      } catch (error) {
        throw new InvariantViolation("bankruptcy settlement", error instanceof Error ? error.message : String(error));
      }
      const offBooks = i80f48.sub(i80f48.sub(i80f48.fromInt(settled.paid), settled.covered), settled.unabsorbed);
      world.model.offBooks[debt.index] = i80f48.add(world.model.offBooks[debt.index]!, offBooks);
      world.model.insurance[debt.index]! -= settled.paid;
    }
    return outcome(landed.err);
  },
});
