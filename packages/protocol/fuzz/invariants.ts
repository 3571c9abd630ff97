// The invariants checked after every step (vault identities, token supply) and the health checks ops run around
// borrows, withdrawals and liquidations. A failed transaction changing nothing is checked where it lands
// (World.land).
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { BankLayout, decodeMarginfiAccount, i80f48, type HealthCache, type I80F48 } from "../src/index.js";
import { decodeObligation } from "@ballast/market";
import type { Actor, Asset, World } from "./world.js";
import { OBLIGATION_INITIAL_DEPOSIT, RESERVE_INITIAL_DEPOSIT, kaminoRate, reserveOf } from "./kamino.js";
import { InvariantViolation } from "./violation.js";
import { invariantOf } from "./venue.js";

export type Invariant = (world: World) => void;

/** A bank's books: deposits and borrows at its share values, the shares themselves and its outstanding fees. */
function books(world: World, asset: Asset) {
  const f = BankLayout.fields;
  const data = world.chain.data(asset.bank.key);
  const assetShares = f.totalAssetShares.get(data);
  const liabilityShares = f.totalLiabilityShares.get(data);
  return {
    assetShares,
    liabilityShares,
    deposits: i80f48.mul(assetShares, f.assetShareValue.get(data)),
    borrows: i80f48.mul(liabilityShares, f.liabilityShareValue.get(data)),
    fees: i80f48.add(
      i80f48.add(f.collectedInsuranceFeesOutstanding.get(data), f.collectedGroupFeesOutstanding.get(data)),
      f.collectedProgramFeesOutstanding.get(data),
    ),
    lastUpdate: f.lastUpdate.get(data),
  };
}

type Books = ReturnType<typeof books>;

/**
 * What a bank's liquidity vault holds beyond its books: vault − outstanding fees − what settlements left off the
 * books − (deposits − borrows). Transfers are whole tokens while the books are fractional, so each transfer may move
 * it by under a unit (in the bank's favour, as repay-all rounds up and withdraw-all down).
 */
export function vaultExcess(world: World, asset: Asset, { deposits, borrows, fees }: Books = books(world, asset)): I80F48 {
  const vault = i80f48.fromInt(world.chain.tokenAmount(asset.bank.vaults.liquidity));
  return i80f48.sub(i80f48.sub(i80f48.sub(vault, fees), world.model.offBooks[asset.index]!), i80f48.sub(deposits, borrows));
}

/**
 * How far one accrual may move the excess by truncation alone. Accrual truncates each share value and each fee to
 * 2^-48, and the books multiply those by the shares, so the error scales with the bank's size: measured, it stays
 * under 0.65 × 2^-48 × (deposits + borrows + asset shares + liability shares) (the first 5,847 steps of seed 731905, where
 * a SOL bank of about 10^14 lamports moved up to 0.18 lamports per accrual); the bound allows twice that.
 */
function accrualRounding(b: Books): I80F48 {
  const size = i80f48.add(i80f48.add(b.deposits, b.borrows), i80f48.add(b.assetShares, b.liabilityShares));
  return i80f48.div(size, i80f48.fromInt(2n ** 47n));
}

/** A step's transfers: a receivership or flash loan moves tokens twice. */
const MAX_STEP_DRIFT = i80f48.fromInt(2);

/**
 * Per bank, the vault identity: the liquidity vault never holds less than its books beyond one native unit and the
 * accruals' truncation so far, and a step moves the difference by rounding only; the insurance vault, the fee
 * vault and the global fee wallet's account each hold exactly what the model says flowed in and out of them (fee
 * collections, liquidation fees, settlements, withdrawals).
 */
export const vaultIdentities: Invariant = (world) => {
  for (const asset of world.assets) {
    const i = asset.index;
    const bank = books(world, asset);
    const excess = vaultExcess(world, asset, bank);
    const drift = i80f48.sub(excess, world.model.excess[i]!);
    let maxDrift = MAX_STEP_DRIFT;
    if (bank.lastUpdate !== world.model.lastAccrual[i]) {
      const rounding = accrualRounding(bank);
      maxDrift = i80f48.add(maxDrift, rounding);
      world.model.accrualRounding[i] = i80f48.add(world.model.accrualRounding[i]!, rounding);
      world.model.lastAccrual[i] = bank.lastUpdate;
    }
    const floor = i80f48.neg(i80f48.add(i80f48.ONE, world.model.accrualRounding[i]!));
    if (i80f48.cmp(excess, floor) < 0 || i80f48.cmp(i80f48.abs(drift), maxDrift) > 0) {
      throw new InvariantViolation(
        "vault identity",
        `${asset.symbol}: the liquidity vault holds ${i80f48.toDecimal(excess)} beyond its books (floor ${i80f48.toDecimal(floor)}), ${i80f48.toDecimal(drift)} since the last step`,
      );
    }
    world.model.excess[i] = excess;
    const sides: [string, bigint, bigint][] = [
      ["insurance vault", world.chain.tokenAmount(asset.bank.vaults.insurance), world.model.insurance[i]!],
      ["fee vault", world.chain.tokenAmount(asset.bank.vaults.fee), world.model.feeVault[i]!],
      ["fee wallet", world.chain.tokenAmount(asset.feeWalletTokens), world.model.feeWallet[i]!],
    ];
    for (const [name, actual, expected] of sides) {
      if (actual !== expected)
        throw new InvariantViolation("vault identity", `${asset.symbol}: ${name} holds ${actual}, expected ${expected}`);
    }
  }
};

/** Every mint's supply is unchanged and equals the sum over all its token accounts on the ledger. */
export const supplyConserved: Invariant = (world) => {
  const mints = world.mints();
  const raw = mints.map((m) => m.toBuffer());
  const held = mints.map(() => 0n);
  for (const [, account] of world.chain.ledger.accountsOwnedBy(TOKEN_PROGRAM_ID.toBase58())) {
    if (account.data.length < 72) continue;
    const i = raw.findIndex((m) => account.data.subarray(0, 32).equals(m));
    if (i >= 0) held[i]! += account.data.readBigUInt64LE(64);
  }
  mints.forEach((mint, i) => {
    const expected = world.model.supply.get(mint.toBase58())!;
    const supply = world.chain.data(mint).readBigUInt64LE(36);
    if (supply !== expected)
      throw new InvariantViolation("token supply conserved", `mint ${mint.toBase58()}: supply ${supply}, expected ${expected}`);
    if (held[i] !== expected) {
      throw new InvariantViolation("token supply conserved", `mint ${mint.toBase58()}: accounts hold ${held[i]} of ${expected}`);
    }
  });
};

/**
 * The Kamino bank's books against the market's: its liquidity vault only passes tokens through (holds none), its
 * collateral tokens (the first obligation deposit aside) are exactly what the obligation holds in the reserve, which
 * is what the reserve's collateral vault holds; the reserve's collateral mint supply and liquidity vault match its
 * books; and the exchange rate never falls (interest only accrues).
 */
export const kaminoBooks: Invariant = (world) => {
  const kamino = world.kamino;
  const broken = (detail: string) => new InvariantViolation("Kamino bank books", detail);
  const passThrough = world.chain.tokenAmount(kamino.bank.vaults.liquidity);
  if (passThrough !== 0n) throw broken(`the bank's liquidity vault holds ${passThrough}`);
  const f = BankLayout.fields;
  const data = world.chain.data(kamino.bank.key);
  const books = i80f48.mul(f.totalAssetShares.get(data), f.assetShareValue.get(data));
  const deposited = decodeObligation(world.chain.data(kamino.obligation)).deposits[0]!.depositedAmount;
  if (i80f48.cmp(books, i80f48.fromInt(deposited - OBLIGATION_INITIAL_DEPOSIT)) !== 0) {
    throw broken(
      `the bank counts ${i80f48.toDecimal(books)} collateral tokens, its obligation holds ${deposited - OBLIGATION_INITIAL_DEPOSIT} of its users'`,
    );
  }
  const vault = world.chain.tokenAmount(kamino.collateralSupply);
  if (vault !== deposited) throw broken(`the reserve's collateral vault holds ${vault}, the obligation ${deposited}`);
  const reserve = reserveOf(world.chain, kamino);
  const minted = world.chain.data(kamino.collateralMint).readBigUInt64LE(36);
  // init_reserve counts its initial deposit as collateral it never mints.
  if (minted + RESERVE_INITIAL_DEPOSIT !== reserve.collateral.mintTotalSupply) {
    throw broken(
      `collateral mint supply ${minted}, reserve books ${reserve.collateral.mintTotalSupply} with ${RESERVE_INITIAL_DEPOSIT} never minted`,
    );
  }
  const available = world.chain.tokenAmount(kamino.liquiditySupply);
  if (available !== reserve.liquidity.availableAmount)
    throw broken(`liquidity vault ${available}, reserve books ${reserve.liquidity.availableAmount}`);
  const rate = kaminoRate(world.chain, kamino);
  const was = world.model.kaminoRate;
  if (rate.liquidity * was.collateral < was.liquidity * rate.collateral) {
    throw broken(`the exchange rate fell from ${was.liquidity}/${was.collateral} to ${rate.liquidity}/${rate.collateral}`);
  }
  world.model.kaminoRate = rate;
};

/** Every venue pool's invariant (k, or the stable curve's D) never falls: a swap only adds its fee to it. */
export const poolsNeverLose: Invariant = (world) => {
  world.pools.forEach((pool, i) => {
    const now = invariantOf(world.chain, pool);
    const was = world.model.poolInvariants[i]!;
    if (now < was) {
      throw new InvariantViolation("pool invariant never falls", `${pool.a.symbol}/${pool.b.symbol}: ${was} became ${now}`);
    }
    world.model.poolInvariants[i] = now;
  });
};

export const STEP_INVARIANTS: readonly Invariant[] = [vaultIdentities, supplyConserved, kaminoBooks, poolsNeverLose];

/** The account's health cache as a health pulse writes it now. */
export async function pulse(world: World, actor: Actor): Promise<HealthCache> {
  const landed = await world.land([world.market.pulseHealthIx(actor.user.account, world.risk(actor))], [actor.user.wallet]);
  if (landed.err !== null)
    throw new InvariantViolation("health pulse succeeds", `${JSON.stringify(landed.err)}\n${landed.logs.join("\n")}`);
  return decodeMarginfiAccount(world.chain.data(actor.user.account)).healthCache;
}

/** Maintenance health: assets − liabilities at Maintenance weights. */
export const maintenance = (cache: HealthCache): I80F48 => i80f48.sub(cache.assetValueMaint, cache.liabilityValueMaint);

/** After a borrow or withdrawal landed: the account meets its Initial requirement, by a fresh pulse. */
export async function expectInitialHealth(world: World, actor: Actor, action: string): Promise<void> {
  const cache = await pulse(world, actor);
  if (i80f48.cmp(cache.assetValue, cache.liabilityValue) < 0) {
    throw new InvariantViolation(
      "Initial health after borrow or withdrawal",
      `${action} left Initial assets ${i80f48.toDecimal(cache.assetValue)} below liabilities ${i80f48.toDecimal(cache.liabilityValue)}`,
    );
  }
}
