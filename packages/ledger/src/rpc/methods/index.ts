import type { MethodTable } from "../context.js";
import { accountMethods } from "./accounts.js";
import { bundleMethods, bundleSimulationMethods } from "./bundles.js";
import { chainMethods } from "./chain.js";
import { transactionMethods } from "./transactions.js";

/** Everything POST / answers. */
export const rpcMethods: MethodTable = { ...chainMethods, ...accountMethods, ...transactionMethods, ...bundleSimulationMethods };

/** Everything POST /api/v1/bundles answers. */
export const blockEngineMethods: MethodTable = { ...bundleMethods };
