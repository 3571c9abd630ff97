import { declareAccounts, signer, type AccountView } from "@ballast/anchor";
import type { InstructionAccount } from "@ballast/ledger";
import { toF64 } from "../math/value.js";
import { groupAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { RECEIVERSHIP_ACCOUNTS, checkAccountAndRecord, endReceivership, requireTopLevel } from "../program/receivership.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { LiquidationRecordLayout } from "../state/liquidation-record.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

/** Both deleverage ends: marginfi_account has_one group, group has_one risk_admin (plain ConstraintHasOne, 2001). */
export function checkRiskAdmin(a: {
  readonly marginfiAccount: AccountView<"MarginfiAccount">;
  readonly group: InstructionAccount & AccountView<"MarginfiGroup">;
  readonly riskAdmin: InstructionAccount;
}) {
  return {
    group: () => {
      if (MarginfiAccountLayout.fields.group.get(a.marginfiAccount.data) !== a.group.key) fail("ConstraintHasOne", "marginfi_account");
      if (MarginfiGroupLayout.fields.riskAdmin.get(a.group.data) !== a.riskAdmin.key) fail("ConstraintHasOne", "group");
    },
  };
}

const EndDeleverageAccounts = declareAccounts({ ...RECEIVERSHIP_ACCOUNTS, group: groupAccount(), riskAdmin: signer() }, (a) => ({
  marginfiAccount: () => checkAccountAndRecord(a.marginfiAccount, a.liquidationRecord, "end"),
  ...checkRiskAdmin(a),
}));

/** Ends a deleverage: the only rule is that maintenance health did not get worse (6072); no premium cap, no fee. */
export const endDeleverage: InstructionHandler = {
  name: "end_deleverage",
  units: 20_000,
  accounts: EndDeleverageAccounts,
  run(ctx) {
    const { accounts: a, remaining } = EndDeleverageAccounts.load(ctx);
    const { marginfiAccount: account, riskAdmin } = a;
    if (LiquidationRecordLayout.fields.liquidationReceiver.get(a.liquidationRecord.data) !== riskAdmin.key) fail("Unauthorized");
    requireTopLevel(ctx, null);
    const outcome = endReceivership(ctx, account, a.liquidationRecord, remaining, "deleverage");
    emitEvent(ctx, "DeleverageEvent", {
      marginfiAccount: account.key,
      riskAdmin: riskAdmin.key,
      deleverageeAssetsSeized: toF64(outcome.seized),
      deleverageeLiabilityRepaid: toF64(outcome.repaid),
    });
  },
};
