import { checkSeeds, declareAccounts, signer, transferLamports, unchecked } from "@ballast/anchor";
import * as fx from "../math/i80f48.js";
import { toF64 } from "../math/value.js";
import { feeStateAccount, systemProgram } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { SEEDS } from "../program/ids.js";
import { RECEIVERSHIP_ACCOUNTS, checkAccountAndRecord, endReceivership, requireTopLevel } from "../program/receivership.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { LiquidationRecordLayout } from "../state/liquidation-record.js";

const EndLiquidationAccounts = declareAccounts(
  {
    ...RECEIVERSHIP_ACCOUNTS,
    liquidationReceiver: signer({ mut: "load" }),
    feeState: feeStateAccount(),
    globalFeeWallet: unchecked({ mut: "load" }),
    systemProgram: systemProgram(),
  },
  (a, ctx) => ({
    marginfiAccount: () => checkAccountAndRecord(a.marginfiAccount, a.liquidationRecord, "end"),
    liquidationRecord: () => {
      if (LiquidationRecordLayout.fields.liquidationReceiver.get(a.liquidationRecord.data) !== a.liquidationReceiver.key) {
        fail("InvalidLiquidationReceiver", "liquidation_record");
      }
    },
    feeState: () => {
      checkSeeds(ctx, a.feeState, [SEEDS.feeState]);
      if (FeeStateLayout.fields.globalFeeWallet.get(a.feeState.data) !== a.globalFeeWallet.key) fail("InvalidFeeWallet", "fee_state");
    },
  }),
);

/** The receivership premium cap never goes below 5% (LIQUIDATION_BONUS_FEE_MINIMUM). */
const MIN_MAX_FEE = fx.add(fx.ONE, fx.fromDecimal("0.05"));

/**
 * Closes a receivership liquidation: the account must end no healthier than zero and no worse than it started,
 * and the receiver may not have seized more than repaid × max(1 + liquidation_max_fee, 1.05) (6090), unless the
 * account was small enough to close out. The receiver pays the flat liquidation fee.
 */
export const endLiquidation: InstructionHandler = {
  name: "end_liquidation",
  units: 20_000,
  accounts: EndLiquidationAccounts,
  run(ctx) {
    const { accounts: a, remaining } = EndLiquidationAccounts.load(ctx);
    const { marginfiAccount: account, liquidationReceiver: receiver, feeState, globalFeeWallet: feeWallet } = a;
    const fees = FeeStateLayout.fields;
    requireTopLevel(ctx, null);

    const outcome = endReceivership(ctx, account, a.liquidationRecord, remaining, "liquidation");
    const maxFee = fx.add(fx.ONE, fees.liquidationMaxFee.get(feeState.data));
    const cap = fx.cmp(maxFee, MIN_MAX_FEE) > 0 ? maxFee : MIN_MAX_FEE;
    if (!outcome.closeOut && fx.cmp(outcome.seized, fx.mul(outcome.repaid, cap)) > 0) fail("LiquidationPremiumTooHigh");
    const flatFee = fees.liquidationFlatSolFee.get(feeState.data);
    if (flatFee > 0) transferLamports(ctx, receiver, feeWallet, BigInt(flatFee));
    emitEvent(ctx, "LiquidationReceiverEvent", {
      marginfiAccount: account.key,
      liquidationReceiver: receiver.key,
      liquidateeAssetsSeized: toF64(outcome.seized),
      liquidateeLiabilityRepaid: toF64(outcome.repaid),
      lampsFeePaid: flatFee,
    });
  },
};
