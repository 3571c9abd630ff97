// The Pyth receiver's Config (an Anchor account, Borsh) at PDA ["config"], and its treasuries ["treasury", [id]]
// (SML §4.2): who governs the receiver, which Wormhole program owns the guardian sets and encoded VAAs, which
// emitters may publish prices, the fee per update and the fewest guardian signatures post_update_atomic accepts.
import { PublicKey } from "@solana/web3.js";
import { ArgsReader, ArgsWriter, arg, toPublicKey as key, type ArgValues, type Key } from "@ballast/codec";
import { PYTH_RECEIVER_PROGRAM_ID } from "../program-ids.js";
import { OracleLayoutError } from "../bytes.js";

export const RECEIVER_CONFIG_SEED = "config";
export const RECEIVER_TREASURY_SEED = "treasury";
/** sha256("account:Config")[0..8]. */
export const RECEIVER_CONFIG_DISCRIMINATOR = Uint8Array.from([155, 12, 170, 224, 30, 250, 204, 130]);
/** The space the receiver allocates for its Config (`Config::LEN` in the receiver's source). */
export const RECEIVER_CONFIG_SPACE = 1000;

/** A publisher of accumulator roots: Wormhole chain id and emitter address. */
const DATA_SOURCE_FIELDS = { chain: arg.u16, emitter: arg.pubkey };
export const DataSourceArg = arg.struct(DATA_SOURCE_FIELDS);

const CONFIG_FIELDS = {
  governanceAuthority: arg.pubkey,
  targetGovernanceAuthority: arg.option(arg.pubkey),
  wormhole: arg.pubkey,
  validDataSources: arg.vec(DataSourceArg),
  singleUpdateFeeInLamports: arg.u64,
  minimumSignatures: arg.u8,
};
/** The Config's Borsh fields, as `initialize` takes them. */
export const ReceiverConfigArg = arg.struct(CONFIG_FIELDS);

export type DataSource = ArgValues<typeof DATA_SOURCE_FIELDS>;
export type ReceiverConfig = ArgValues<typeof CONFIG_FIELDS>;

/**
 * Pythnet's emitter on Wormhole chain 26, the receiver's data source on mainnet (from Pyth's deployment
 * configuration; not in the shared references).
 */
export const PYTHNET_DATA_SOURCE = {
  chain: 26,
  emitter: new PublicKey(Buffer.from("e101faedac5851e32b9b23b5f9411a8c2bac4aae3ed4dd7b811dd1a72ea4aa71", "hex")).toBase58(),
} as const;

export function receiverConfigAddress(programId: Key = PYTH_RECEIVER_PROGRAM_ID): [PublicKey, number] {
  return PublicKey.findProgramAddressSync([Buffer.from(RECEIVER_CONFIG_SEED)], key(programId));
}

export function receiverTreasuryAddress(treasuryId: number, programId: Key = PYTH_RECEIVER_PROGRAM_ID): [PublicKey, number] {
  return PublicKey.findProgramAddressSync([Buffer.from(RECEIVER_TREASURY_SEED), Uint8Array.of(treasuryId)], key(programId));
}

/** The Config account's bytes: discriminator then the Borsh fields, zero-padded to `space`. */
export function encodeReceiverConfig(config: ReceiverConfig, space: number = RECEIVER_CONFIG_SPACE): Buffer {
  const w = new ArgsWriter();
  ReceiverConfigArg.encode(w, config);
  const body = w.toBuffer();
  if (8 + body.length > space) throw new RangeError(`config needs ${8 + body.length} bytes, the account has ${space}`);
  const out = Buffer.alloc(space);
  out.set(RECEIVER_CONFIG_DISCRIMINATOR, 0);
  out.set(body, 8);
  return out;
}

export function decodeReceiverConfig(data: Uint8Array): ReceiverConfig {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.length);
  if (buf.length < 8 || !buf.subarray(0, 8).equals(RECEIVER_CONFIG_DISCRIMINATOR)) throw new OracleLayoutError("not a receiver Config");
  return ReceiverConfigArg.decode(new ArgsReader(buf.subarray(8)));
}
