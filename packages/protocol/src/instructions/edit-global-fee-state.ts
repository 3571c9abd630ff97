import { FeeStateLayout } from "../state/fee-state.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { SEEDS } from "../program/ids.js";

/** The global fee admin rewrites the fee settings; values are not validated, as in the public program. */
export const editGlobalFeeState: InstructionHandler = {
  name: "edit_global_fee_state",
  units: 8_000,
  run(_ctx, accounts, args) {
    const admin = accounts.signer(0, "global_fee_admin");
    const feeState = accounts.owned(1, "fee_state", FeeStateLayout, { writable: true });
    accounts.pda(feeState, "fee_state", [SEEDS.feeState]);
    const f = FeeStateLayout.fields;
    const data = feeState.account.data;
    if (f.globalFeeAdmin.get(data) !== admin.key) fail("Unauthorized", "fee_state");
    f.globalFeeAdmin.set(data, args.pubkey());
    f.globalFeeWallet.set(data, args.pubkey());
    f.bankInitFlatSolFee.set(data, args.u32());
    f.liquidationFlatSolFee.set(data, args.u32());
    f.programFeeFixed.set(data, args.i80f48());
    f.programFeeRate.set(data, args.i80f48());
    f.liquidationMaxFee.set(data, args.i80f48());
  },
};
