import * as fx from "../math/i80f48.js";
import { toF64 } from "../math/value.js";
import { transferLamports } from "@ballast/anchor";
import { checkSystemProgram } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { SEEDS } from "../program/ids.js";
import { accountAndRecord, endReceivership, requireTopLevel } from "../program/receivership.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { LiquidationRecordLayout } from "../state/liquidation-record.js";

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
  run(ctx, accounts) {
    const { account, record } = accountAndRecord(accounts, "end");
    const receiver = accounts.writable(accounts.signer(2, "liquidation_receiver"), "liquidation_receiver");
    const feeState = accounts.owned(3, "fee_state", FeeStateLayout);
    const feeWallet = accounts.writable(accounts.at(4), "global_fee_wallet");
    checkSystemProgram(accounts.at(5), "system_program");
    if (LiquidationRecordLayout.fields.liquidationReceiver.get(record.account.data) !== receiver.key) {
      fail("InvalidLiquidationReceiver", "liquidation_record");
    }
    accounts.pda(feeState, "fee_state", [SEEDS.feeState]);
    const fees = FeeStateLayout.fields;
    if (fees.globalFeeWallet.get(feeState.account.data) !== feeWallet.key) fail("InvalidFeeWallet", "fee_state");
    requireTopLevel(ctx, null);

    const outcome = endReceivership(ctx, account, record, ctx.accounts.slice(6), "liquidation");
    const maxFee = fx.add(fx.ONE, fees.liquidationMaxFee.get(feeState.account.data));
    const cap = fx.cmp(maxFee, MIN_MAX_FEE) > 0 ? maxFee : MIN_MAX_FEE;
    if (!outcome.closeOut && fx.cmp(outcome.seized, fx.mul(outcome.repaid, cap)) > 0) fail("LiquidationPremiumTooHigh");
    const flatFee = fees.liquidationFlatSolFee.get(feeState.account.data);
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
