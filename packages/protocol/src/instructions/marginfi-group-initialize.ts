import { declareAccounts, initTarget, signer, unchecked } from "@ballast/anchor";
import { feeStateAccount } from "../program/account-kinds.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { GroupFlags } from "../state/flags.js";
import { basisToU32 } from "../math/conversions.js";
import { fromInt } from "../math/i80f48.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { checkFeeState } from "./panic-pause.js";
import { emitEvent } from "../program/events.js";

/** Default e-mode leverage caps of a new group (reference §7.2). */
export const DEFAULT_EMODE_MAX_INIT_LEVERAGE = 15;
export const DEFAULT_EMODE_MAX_MAINT_LEVERAGE = 20;

/** The group is Anchor's `init` at a fresh keypair address, created by the handler. */
const GroupInitializeAccounts = declareAccounts(
  { marginfiGroup: initTarget({ signer: true }), admin: signer({ mut: "load" }), feeState: feeStateAccount(), systemProgram: unchecked() },
  (a, ctx) => ({ feeState: () => checkFeeState(ctx, a.feeState, null) }),
);

/** Creates a group at a fresh keypair address, with program fees on and the fee settings cached. */
export const marginfiGroupInitialize: InstructionHandler = {
  name: "marginfi_group_initialize",
  units: 15_000,
  accounts: GroupInitializeAccounts,
  run(ctx, accounts) {
    const { marginfiGroup: groupAccount, admin, feeState } = GroupInitializeAccounts.load(ctx).accounts;

    const data = accounts.init(admin, groupAccount, MarginfiGroupLayout, null);
    const g = MarginfiGroupLayout.fields;
    const fee = FeeStateLayout.fields;
    g.admin.set(data, admin.key);
    g.groupFlags.set(data, GroupFlags.PROGRAM_FEES_ENABLED);
    g.emodeMaxInitLeverage.set(data, basisToU32(fromInt(DEFAULT_EMODE_MAX_INIT_LEVERAGE)));
    g.emodeMaxMaintLeverage.set(data, basisToU32(fromInt(DEFAULT_EMODE_MAX_MAINT_LEVERAGE)));
    g.feeStateCache.fields.globalFeeWallet.set(data, fee.globalFeeWallet.get(feeState.data));
    g.feeStateCache.fields.programFeeFixed.set(data, fee.programFeeFixed.get(feeState.data));
    g.feeStateCache.fields.programFeeRate.set(data, fee.programFeeRate.get(feeState.data));
    g.feeStateCache.fields.lastUpdate.set(data, ctx.clock.unixTimestamp);
    emitEvent(ctx, "MarginfiGroupCreateEvent", { header: { signer: admin.key, marginfiGroup: groupAccount.key } });
  },
};
