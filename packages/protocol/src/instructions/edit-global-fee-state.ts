import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { base58 } from "../program/args.js";
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
    const edit = decodeArgs(args, LENDING_INSTRUCTIONS.edit_global_fee_state.args);
    f.globalFeeAdmin.set(data, base58(edit.admin));
    f.globalFeeWallet.set(data, base58(edit.feeWallet));
    f.bankInitFlatSolFee.set(data, edit.bankInitFlatSolFee);
    f.liquidationFlatSolFee.set(data, edit.liquidationFlatSolFee);
    f.programFeeFixed.set(data, edit.programFeeFixed);
    f.programFeeRate.set(data, edit.programFeeRate);
    f.liquidationMaxFee.set(data, edit.liquidationMaxFee);
  },
};
