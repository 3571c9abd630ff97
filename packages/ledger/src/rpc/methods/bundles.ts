import type { Account, Address } from "../../account.js";
import { accountEncoding, encodeAccount, type AccountEncodingOptions } from "../accounts.js";
import { decodeBinary } from "../binary.js";
import { lookupOf, withContext, type Handler, type MethodTable, type RpcContext } from "../context.js";
import { invalidParams } from "../errors.js";
import { array, capped, config, isAbsent, optionalBoolean, positional, pubkey, string } from "../params.js";
import { encodeReturnData } from "../transaction.js";
import { wireEncoding } from "./transactions.js";
import { elementAt } from "../../indexing.js";

/**
 * The block engine's bundle API. sendBundle, getBundleStatuses, getInflightBundleStatuses and getTipAccounts
 * are served on /api/v1/bundles; simulateBundle (a Jito validator RPC method) on the main endpoint.
 */

const MAX_BUNDLE_TRANSACTIONS = 5;
const MAX_BUNDLE_IDS = 5;

function bundleWires(value: unknown, encodingValue: unknown): Buffer[] {
  const list = array(value);
  if (list.length < 1 || list.length > MAX_BUNDLE_TRANSACTIONS) {
    throw invalidParams(`bundle must contain between 1 and ${MAX_BUNDLE_TRANSACTIONS} transactions`);
  }
  const encoding = wireEncoding(encodingValue);
  return list.map((item) => decodeBinary(string(item), encoding));
}

function bundleIds(value: unknown): string[] {
  return capped(value, MAX_BUNDLE_IDS).map(string);
}

/** One entry of pre/postExecutionAccountsConfigs: null, or the addresses to snapshot and how to encode them. */
interface SnapshotConfig {
  addresses: Address[];
  options: AccountEncodingOptions;
}

function snapshotConfigs(value: unknown, count: number): (SnapshotConfig | null)[] {
  if (isAbsent(value)) return new Array<null>(count).fill(null);
  const list = array(value);
  if (list.length !== count)
    throw invalidParams("pre/post_execution_accounts_configs must be equal in length to the number of transactions");
  return list.map((entry) => {
    if (isAbsent(entry)) return null;
    const cfg = config(entry, "RpcSimulateTransactionAccountsConfig");
    const encoding = accountEncoding(cfg.encoding, "base64");
    if (encoding === "binary" || encoding === "base58") throw invalidParams("base58 encoding not supported");
    return { addresses: array(cfg.addresses).map(pubkey), options: { encoding, dataSlice: null } };
  });
}

function encodeSnapshot(ctx: RpcContext, accounts: (Account | null)[] | null, cfg: SnapshotConfig | null) {
  if (!accounts || !cfg) return null;
  const lookup = lookupOf(ctx.ledger);
  return accounts.map((account) => (account ? encodeAccount(account, cfg.options, ctx.parseAccount, lookup) : null));
}

const getTipAccounts: Handler = (params, { ledger }) => {
  positional(params, 0, 0);
  return ledger.tipAccounts();
};

/** Served on /api/v1/bundles. */
export const bundleMethods: MethodTable = {
  sendBundle(params, { ledger }) {
    const [transactions, cfgValue] = positional(params, 1, 2);
    const cfg = config(cfgValue, "BundleConfig");
    return ledger.sendBundle(bundleWires(transactions, cfg.encoding));
  },

  getBundleStatuses(params, { ledger }) {
    const [ids] = positional(params, 1, 1);
    const statuses = ledger.bundleStatuses(bundleIds(ids));
    return withContext(
      ledger,
      statuses.map(
        (status) =>
          status && {
            bundle_id: status.bundleId,
            transactions: status.transactions,
            slot: status.slot,
            confirmation_status: status.confirmationStatus,
            err: status.err,
          },
      ),
    );
  },

  getInflightBundleStatuses(params, { ledger }) {
    const [ids] = positional(params, 1, 1);
    const list = bundleIds(ids);
    const statuses = ledger.bundleStatuses(list);
    return withContext(
      ledger,
      list.map((id, i) => {
        const status = statuses[i];
        if (!status) return { bundle_id: id, status: "Invalid", landed_slot: null };
        return { bundle_id: id, status: "Ok" in status.err ? "Landed" : "Failed", landed_slot: status.slot };
      }),
    );
  },

  getTipAccounts,
};

/** Served on the main JSON-RPC endpoint, as a Jito validator does. */
export const bundleSimulationMethods: MethodTable = {
  getTipAccounts,

  simulateBundle(params, ctx) {
    const [bundleValue, cfgValue] = positional(params, 1, 2);
    const bundle = config(bundleValue, "RpcBundleRequest");
    const cfg = config(cfgValue, "RpcSimulateBundleConfig");
    const wires = bundleWires(bundle.encodedTransactions, cfg.transactionEncoding ?? "base64");
    const pre = snapshotConfigs(cfg.preExecutionAccountsConfigs, wires.length);
    const post = snapshotConfigs(cfg.postExecutionAccountsConfigs, wires.length);
    const simulation = ctx.ledger.simulateBundle(wires, {
      preExecutionAccounts: pre.map((c) => c?.addresses ?? null),
      postExecutionAccounts: post.map((c) => c?.addresses ?? null),
      skipSigVerify: optionalBoolean(cfg.skipSigVerify, false),
      replaceRecentBlockhash: optionalBoolean(cfg.replaceRecentBlockhash, false),
    });
    return withContext(ctx.ledger, {
      summary: simulation.summary,
      transactionResults: simulation.transactionResults.map((result, i) => ({
        err: result.err,
        logs: result.logs,
        preExecutionAccounts: encodeSnapshot(ctx, result.preExecutionAccounts, elementAt(pre, i)),
        postExecutionAccounts: encodeSnapshot(ctx, result.postExecutionAccounts, elementAt(post, i)),
        unitsConsumed: result.unitsConsumed,
        returnData: encodeReturnData(result.returnData),
      })),
    });
  },
};
