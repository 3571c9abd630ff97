// Emissions: users settle and claim their rewards; the emissions admin changes the rate and tops the vault up.
import { settleEmissionsIx, updateEmissionsIx, withdrawEmissionsIx } from "../../test/support/emissions-emode.js";
import { USERS, type World } from "../world.js";
import { at, defineOp, fraction, index, outcome, part } from "./op.js";

const emitting = (world: World) => world.assets.filter((a) => a.emissionsVault !== null);

export const claimEmissions = defineOp({
  kind: "claimEmissions",
  weight: 3,
  generate: (random) => ({ user: index(random, USERS), bank: index(random, 2) }),
  async execute(world, args) {
    const actor = at(world.users, args.user);
    const asset = at(emitting(world), args.bank);
    const landed = await world.land(
      [
        settleEmissionsIx(actor.user, asset.bank),
        withdrawEmissionsIx(world.market, actor.user, asset.bank, world.rewardMint, actor.reward),
      ],
      [actor.user.wallet],
    );
    return outcome(landed.err);
  },
});

export const updateEmissions = defineOp({
  kind: "updateEmissions",
  weight: 1,
  generate: (random) => ({ bank: index(random, 2), rate: fraction(random), additional: fraction(random) }),
  async execute(world, args) {
    const asset = at(emitting(world), args.bank);
    const admin = world.admins.emissions;
    const additional = part(world.chain.tokenAmount(world.rewardFunding), args.additional / 1000);
    const ix = updateEmissionsIx(world.market, asset.bank, admin.publicKey, world.rewardMint, world.rewardFunding, {
      rate: BigInt(Math.floor(args.rate * 2_000_000)),
      additional: additional > 0n ? additional : undefined,
    });
    return outcome((await world.land([ix], [admin])).err);
  },
});
