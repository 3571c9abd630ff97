import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { base58 } from "../program/args.js";
import { groupAccount } from "../program/account-kinds.js";
import { checkGroupAdmin } from "../program/pool-accounts.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { basisToU32 } from "../math/conversions.js";
import { cmp, fromInt, type I80F48 } from "../math/i80f48.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { DEFAULT_EMODE_MAX_INIT_LEVERAGE, DEFAULT_EMODE_MAX_MAINT_LEVERAGE } from "./marginfi-group-initialize.js";
import { emitEvent } from "../program/events.js";

const ONE = fromInt(1);
const HUNDRED = fromInt(100);

const GroupConfigureAccounts = declareAccounts({ marginfiGroup: groupAccount({ mut: "load" }), admin: signer() }, (a) => ({
  marginfiGroup: () => checkGroupAdmin(a.marginfiGroup, a.admin, "marginfi_group"),
}));

/** The group admin sets every admin role and the e-mode leverage caps; a missing cap means the default, not "unchanged". */
export const marginfiGroupConfigure: InstructionHandler = {
  name: "marginfi_group_configure",
  units: 8_000,
  accounts: GroupConfigureAccounts,
  run(ctx, _checks, args) {
    const { marginfiGroup: group, admin } = GroupConfigureAccounts.load(ctx).accounts;
    const g = MarginfiGroupLayout.fields;
    const data = group.data;

    const configured = decodeArgs(args, LENDING_INSTRUCTIONS.marginfi_group_configure.args);
    const roles = {
      admin: base58(configured.newAdmin),
      emodeAdmin: base58(configured.newEmodeAdmin),
      delegateCurveAdmin: base58(configured.newCurveAdmin),
      delegateLimitAdmin: base58(configured.newLimitAdmin),
      delegateEmissionsAdmin: base58(configured.newEmissionsAdmin),
      metadataAdmin: base58(configured.newMetadataAdmin),
      riskAdmin: base58(configured.newRiskAdmin),
    };
    const init: I80F48 = configured.emodeMaxInitLeverage ?? fromInt(DEFAULT_EMODE_MAX_INIT_LEVERAGE);
    const maint: I80F48 = configured.emodeMaxMaintLeverage ?? fromInt(DEFAULT_EMODE_MAX_MAINT_LEVERAGE);
    const inRange = (x: I80F48) => cmp(x, ONE) >= 0 && cmp(x, HUNDRED) <= 0;
    if (!inRange(init) || !inRange(maint) || cmp(init, maint) >= 0) fail("BadEmodeConfig");

    for (const [field, value] of Object.entries(roles) as [keyof typeof roles, string][]) g[field].set(data, value);
    g.emodeMaxInitLeverage.set(data, basisToU32(init));
    g.emodeMaxMaintLeverage.set(data, basisToU32(maint));
    g.feeStateCache.fields.lastUpdate.set(data, ctx.clock.unixTimestamp);
    emitEvent(ctx, "MarginfiGroupConfigureEvent", {
      header: { signer: admin.key, marginfiGroup: group.key },
      admin: roles.admin,
      flags: g.groupFlags.get(data),
    });
  },
};
