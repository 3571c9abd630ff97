import { declareAccounts, signer } from "@ballast/anchor";
import { feeStateAccount } from "../program/account-kinds.js";
import { FeeStateLayout } from "../state/fee-state.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { checkFeeState } from "./panic-pause.js";

const EditGlobalFeeStateAccounts = declareAccounts({ globalFeeAdmin: signer(), feeState: feeStateAccount({ mut: "load" }) }, (a, ctx) => ({
  feeState: () => checkFeeState(ctx, a.feeState, a.globalFeeAdmin),
}));

/** The global fee admin rewrites the fee settings; values are not validated, as in the public program. */
export const editGlobalFeeState: InstructionHandler = {
  name: "edit_global_fee_state",
  units: 8_000,
  accounts: EditGlobalFeeStateAccounts,
  run(ctx, _checks, args) {
    const data = EditGlobalFeeStateAccounts.load(ctx).accounts.feeState.data;
    const f = FeeStateLayout.fields;
    f.globalFeeAdmin.set(data, args.pubkey());
    f.globalFeeWallet.set(data, args.pubkey());
    f.bankInitFlatSolFee.set(data, args.u32());
    f.liquidationFlatSolFee.set(data, args.u32());
    f.programFeeFixed.set(data, args.i80f48());
    f.programFeeRate.set(data, args.i80f48());
    f.liquidationMaxFee.set(data, args.i80f48());
  },
};
