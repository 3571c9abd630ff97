// The pool account: an Anchor account at ["pool", mint_a, mint_b, [curve]] naming its mints, its two token vaults
// and its LP mint (all PDAs of the pool), its curve and fee. Reserves are the vaults' balances, so tokens sent to a
// vault directly count for the LPs.
import {
  DISCRIMINATOR_SIZE,
  accountDiscriminator,
  accountLayout,
  pubkey,
  skip,
  struct,
  u16,
  u64,
  u8,
  type StructValue,
} from "@ballast/codec";

export const POOL_DISCRIMINATOR = accountDiscriminator("Pool");

export const PoolLayout = accountLayout(
  "Pool",
  POOL_DISCRIMINATOR,
  struct(240, {
    mintA: [0, pubkey],
    mintB: [32, pubkey],
    vaultA: [64, pubkey],
    vaultB: [96, pubkey],
    lpMint: [128, pubkey],
    /** A of the stable curve (Curve's convention, Ann = A·n); 0 for constant product. */
    amplification: [160, u64],
    feeBps: [168, u16],
    /** CurveKind: 0 constant product, 1 stable. */
    curve: [170, u8],
    bump: [171, u8],
    authorityBump: [172, u8],
    reserved: [173, skip(67)],
  }),
);

export const POOL_ACCOUNT_SIZE = PoolLayout.space;

export type Pool = StructValue<typeof PoolLayout.struct.fields>;

export function decodePool(data: Buffer): Pool {
  if (data.length < POOL_ACCOUNT_SIZE || !data.subarray(0, DISCRIMINATOR_SIZE).equals(POOL_DISCRIMINATOR)) {
    throw new RangeError("not a pool account");
  }
  return PoolLayout.struct.read(data, DISCRIMINATOR_SIZE);
}

export function encodePoolInto(data: Buffer, pool: Pool): void {
  POOL_DISCRIMINATOR.copy(data, 0);
  PoolLayout.struct.write(data, DISCRIMINATOR_SIZE, pool);
}
