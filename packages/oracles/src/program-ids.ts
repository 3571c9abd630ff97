// Oracle program ids (market-and-oracles reference §0).
import type { Address } from "./bytes.js";

/** Pyth Solana Receiver: owner of every `PriceUpdateV2` (and `TwapUpdate`) account. */
export const PYTH_RECEIVER_PROGRAM_ID: Address = "rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ";
/** Pyth Push Oracle: owns no data; sponsored feed addresses are PDAs `[shard_id u16 LE, feed_id]` under it. */
export const PYTH_PUSH_ORACLE_PROGRAM_ID: Address = "pythWSnswVUd12oZpeFP8e9CVaEqJg25g1Vtc2biRsT";
/** The newer "pro-compatible" receiver deployment. */
export const PYTH_PRO_RECEIVER_PROGRAM_ID: Address = "rec2HHDDnjLfj4kE7VyEtFA1HPGQLK33259532cRyHp";
/** The push oracle paired with the "pro-compatible" receiver. */
export const PYTH_PRO_PUSH_ORACLE_PROGRAM_ID: Address = "pyt2F414BA6dPttK6RddPZUdHfapoBN24GL5wbrPCou";
/** Legacy Pyth on-chain oracle (mainnet): owner of magic-0xa1b2c3d4 price accounts. */
export const PYTH_LEGACY_ORACLE_PROGRAM_ID: Address = "FsJ3A3u2vn5cTVofAjvy6y5kwABJAqYWpe4975bi2epH";
/** Wormhole core bridge, used by the Pyth receiver to verify VAAs. */
export const WORMHOLE_CORE_PROGRAM_ID: Address = "HDwcJBJXjL9FpJ7UBsYBtaDjsBUhuLCUYoz3zr8SWWaQ";

/** Switchboard On-Demand (mainnet): owner of `PullFeedAccountData` accounts. */
export const SWITCHBOARD_ON_DEMAND_PROGRAM_ID: Address = "SBondMDrcV3K4kxZR1HNVT7osZxAHVHgYXL5Ze1oMUv";
/** Switchboard On-Demand (devnet). */
export const SWITCHBOARD_ON_DEMAND_DEVNET_PROGRAM_ID: Address = "Aio4gaXjXzJNVLtzwtNVmSqGKpANtXhybbkhtAC94ji2";
/** Switchboard v2 (legacy aggregators). */
export const SWITCHBOARD_V2_PROGRAM_ID: Address = "SW1TCH7qEPTdLsDHRgPuMQjbQxKdH2aBStViMFnt64f";

/** Kamino Scope (mainnet): owner of `OraclePrices` accounts, the third price source of Kamino-style reserves. */
export const SCOPE_PROGRAM_ID: Address = "HFn8GnPADiny6XqUoWE8uRPPxb29ikn4yTuPa9MF2fWJ";
