import { minimumBalanceForRentExemption } from "../../account.js";
import { FEATURE_SET, SOLANA_CORE_VERSION, withContext, type MethodTable } from "../context.js";
import { RpcError, invalidParams } from "../errors.js";
import { capped, config, contextConfig, hash, isAbsent, positional, pubkey, slot as slotParam, usize } from "../params.js";

/** Slots, blockhashes, versions and fees: the methods that read the chain's clock rather than accounts. */

const MAX_PRIORITIZATION_FEE_ADDRESSES = 128;
const MAX_PERFORMANCE_SAMPLES = 720;

/** Methods whose only param is an optional `{ commitment, minContextSlot }`. */
function contextOnly(params: unknown, ledger: Parameters<typeof contextConfig>[1]): void {
  const [cfg] = positional(params, 0, 1);
  contextConfig(config(cfg, "RpcContextConfig"), ledger);
}

export const chainMethods: MethodTable = {
  getHealth(params) {
    positional(params, 0, 0);
    return "ok";
  },

  getVersion(params) {
    positional(params, 0, 0);
    return { "solana-core": SOLANA_CORE_VERSION, "feature-set": FEATURE_SET };
  },

  getGenesisHash(params, { ledger }) {
    positional(params, 0, 0);
    return ledger.genesisHash;
  },

  getSlot(params, { ledger }) {
    contextOnly(params, ledger);
    return ledger.slot();
  },

  getBlockTime(params, { ledger }) {
    const [value] = positional(params, 1, 1);
    const slot = slotParam(value);
    const time = ledger.blockTime(slot);
    if (time === null) throw new RpcError(-32004, `Block not available for slot ${slot}`);
    return time;
  },

  getBlockHeight(params, { ledger }) {
    contextOnly(params, ledger);
    return ledger.blockHeight();
  },

  getTransactionCount(params, { ledger }) {
    contextOnly(params, ledger);
    return ledger.transactionCount();
  },

  getEpochInfo(params, { ledger }) {
    contextOnly(params, ledger);
    const info = ledger.epochInfo();
    return {
      absoluteSlot: info.absoluteSlot,
      blockHeight: info.blockHeight,
      epoch: info.epoch,
      slotIndex: info.slotIndex,
      slotsInEpoch: info.slotsInEpoch,
      transactionCount: info.transactionCount,
    };
  },

  getEpochSchedule(params, { ledger }) {
    positional(params, 0, 0);
    const slotsPerEpoch = ledger.epochInfo().slotsInEpoch;
    return { slotsPerEpoch, leaderScheduleSlotOffset: slotsPerEpoch, warmup: false, firstNormalEpoch: 0, firstNormalSlot: 0 };
  },

  getLatestBlockhash(params, { ledger }) {
    contextOnly(params, ledger);
    const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash();
    return withContext(ledger, { blockhash, lastValidBlockHeight });
  },

  isBlockhashValid(params, { ledger }) {
    const [blockhash, cfg] = positional(params, 1, 2);
    const text = hash(blockhash);
    contextConfig(config(cfg, "RpcContextConfig"), ledger);
    return withContext(ledger, ledger.isBlockhashValid(text));
  },

  getMinimumBalanceForRentExemption(params) {
    const [length, cfg] = positional(params, 1, 2);
    const size = usize(length);
    config(cfg, "CommitmentConfig");
    return minimumBalanceForRentExemption(size);
  },

  getRecentPrioritizationFees(params, { ledger }) {
    const [addresses] = positional(params, 0, 1);
    const keys = isAbsent(addresses) ? [] : capped(addresses, MAX_PRIORITIZATION_FEE_ADDRESSES).map(pubkey);
    return ledger.recentPrioritizationFees(keys).map((f) => ({ slot: f.slot, prioritizationFee: f.prioritizationFee }));
  },

  getRecentPerformanceSamples(params, { ledger }) {
    const [limit] = positional(params, 0, 1);
    const n = isAbsent(limit) ? MAX_PERFORMANCE_SAMPLES : usize(limit);
    if (n > MAX_PERFORMANCE_SAMPLES) throw invalidParams(`Invalid limit; max ${MAX_PERFORMANCE_SAMPLES}`);
    return ledger.recentPerformanceSamples(n).map((s) => ({
      slot: s.slot,
      numTransactions: s.numTransactions,
      numSlots: s.numSlots,
      samplePeriodSecs: s.samplePeriodSecs,
      numNonVoteTransactions: s.numNonVoteTransactions,
    }));
  },
};
