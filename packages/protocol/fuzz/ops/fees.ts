// Fee collection (permissionless) and the admin's withdrawals from the fee and insurance vaults. Each landed one
// moves the model's expected vault balances by what the bank's books say moved.
import { BankLayout, i80f48, type I80F48 } from "../../src/index.js";
import { InvariantViolation } from "../violation.js";
import type { Asset, World } from "../world.js";
import { at, defineOp, fraction, index, outcome, part } from "./op.js";

const f = BankLayout.fields;

function outstanding(world: World, asset: Asset): { insurance: I80F48; group: I80F48; program: I80F48 } {
  const data = world.chain.data(asset.bank.key);
  return {
    insurance: f.collectedInsuranceFeesOutstanding.get(data),
    group: f.collectedGroupFeesOutstanding.get(data),
    program: f.collectedProgramFeesOutstanding.get(data),
  };
}

/** A drop in an outstanding fee, which collection takes in whole tokens only. */
function collected(before: I80F48, after: I80F48, what: string): bigint {
  const moved = i80f48.sub(before, after);
  if (i80f48.cmp(i80f48.floor(moved), moved) !== 0 || i80f48.cmp(moved, i80f48.ZERO) < 0) {
    throw new InvariantViolation("vault identity", `fee collection moved ${i80f48.toDecimal(moved)} ${what}, not whole tokens`);
  }
  return i80f48.toIntFloor(moved);
}

export const collectFees = defineOp({
  kind: "collectFees",
  weight: 3,
  generate: (random) => ({ asset: index(random, 6) }),
  async execute(world, args) {
    const asset = at(world.assets, args.asset);
    const before = outstanding(world, asset);
    const landed = await world.land([world.market.collectFeesIx(asset.bank, asset.feeWalletTokens)], [world.market.admin]);
    if (landed.err === null) {
      const after = outstanding(world, asset);
      world.model.insurance[asset.index]! += collected(before.insurance, after.insurance, "insurance fees");
      world.model.feeVault[asset.index]! += collected(before.group, after.group, "group fees");
      world.model.feeWallet[asset.index]! += collected(before.program, after.program, "program fees");
    }
    return outcome(landed.err);
  },
});

export const withdrawFees = defineOp({
  kind: "withdrawFees",
  weight: 1,
  generate: (random) => ({ asset: index(random, 6), fraction: fraction(random) }),
  async execute(world, args) {
    const asset = at(world.assets, args.asset);
    const amount = part(world.chain.tokenAmount(asset.bank.vaults.fee), args.fraction);
    const landed = await world.land([world.market.withdrawFeesIx(asset.bank, asset.adminTokens, amount)], [world.market.admin]);
    if (landed.err === null) world.model.feeVault[asset.index]! -= amount;
    return outcome(landed.err);
  },
});

export const withdrawInsurance = defineOp({
  kind: "withdrawInsurance",
  weight: 1,
  generate: (random) => ({ asset: index(random, 6), fraction: fraction(random) }),
  async execute(world, args) {
    const asset = at(world.assets, args.asset);
    // At most half: the insurance that bankruptcies draw on is what the fuzzer wants to exercise.
    const amount = part(world.chain.tokenAmount(asset.bank.vaults.insurance), args.fraction / 2);
    const landed = await world.land([world.market.withdrawInsuranceIx(asset.bank, asset.adminTokens, amount)], [world.market.admin]);
    if (landed.err === null) world.model.insurance[asset.index]! -= amount;
    return outcome(landed.err);
  },
});
