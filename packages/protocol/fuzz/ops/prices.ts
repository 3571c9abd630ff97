// Oracle moves on both feed kinds (Pyth on SOL, BTC and JitoSOL; Switchboard on USDC, USDT and WIF): random walks,
// crashes to a tiny fraction of the listing price that make liquidations and bankruptcies possible, and recoveries.
import type { Asset, World } from "../world.js";
import { at, defineOp, fraction, index } from "./op.js";

/** Publishes `price` with the listing's relative confidence, so a crashed feed is not refused as too uncertain. */
async function setPrice(world: World, asset: Asset, price: number): Promise<void> {
  const ratio = price / asset.listing.price;
  asset.spec =
    asset.listing.kind === "pyth"
      ? { ...asset.listing, price, conf: (asset.listing.conf ?? 0) * ratio }
      : { ...asset.listing, price, stdDev: (asset.listing.stdDev ?? 0) * ratio };
  await world.publish([asset]);
}

export const movePrice = defineOp({
  kind: "movePrice",
  weight: 8,
  generate: (random) => ({ asset: index(random, 6), fraction: fraction(random) }),
  async execute(world, args) {
    const asset = at(world.assets, args.asset);
    await setPrice(world, asset, asset.spec.price * (0.8 + 0.4 * args.fraction));
    return "ok";
  },
});

export const crashPrice = defineOp({
  kind: "crashPrice",
  weight: 4,
  generate: (random) => ({ asset: index(random, 6), depth: fraction(random) }),
  async execute(world, args) {
    const asset = at(world.assets, args.asset);
    await setPrice(world, asset, Math.min(asset.spec.price, asset.listing.price * 10 ** -(1 + 5 * args.depth)));
    return "ok";
  },
});

export const recoverPrice = defineOp({
  kind: "recoverPrice",
  weight: 3,
  generate: (random) => ({ asset: index(random, 6) }),
  async execute(world, args) {
    const asset = at(world.assets, args.asset);
    await setPrice(world, asset, asset.listing.price);
    return "ok";
  },
});
