import { toF64 } from "../math/value.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { accountAndRecord, endReceivership, requireTopLevel } from "../program/receivership.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { LiquidationRecordLayout } from "../state/liquidation-record.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

/** Ends a deleverage: the only rule is that maintenance health did not get worse (6072); no premium cap, no fee. */
export const endDeleverage: InstructionHandler = {
  name: "end_deleverage",
  units: 20_000,
  run(ctx, accounts) {
    const { account, record } = accountAndRecord(accounts, "end");
    const group = accounts.owned(2, "group", MarginfiGroupLayout);
    const riskAdmin = accounts.signer(3, "risk_admin");
    if (MarginfiAccountLayout.fields.group.get(account.account.data) !== group.key) fail("ConstraintHasOne", "marginfi_account");
    if (MarginfiGroupLayout.fields.riskAdmin.get(group.account.data) !== riskAdmin.key) fail("ConstraintHasOne", "group");
    if (LiquidationRecordLayout.fields.liquidationReceiver.get(record.account.data) !== riskAdmin.key) fail("Unauthorized");
    requireTopLevel(ctx, null);
    const outcome = endReceivership(ctx, account, record, ctx.accounts.slice(4), "deleverage");
    emitEvent(ctx, "DeleverageEvent", {
      marginfiAccount: account.key,
      riskAdmin: riskAdmin.key,
      deleverageeAssetsSeized: toF64(outcome.seized),
      deleverageeLiabilityRepaid: toF64(outcome.repaid),
    });
  },
};
