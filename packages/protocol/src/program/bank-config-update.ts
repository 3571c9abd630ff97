// Shared pieces of the bank configuration instructions: the group/role/bank account checks and the
// InterestRateConfigOpt update rule (every Some field applied, curve_type then forced to seven-point).
import type { BankData } from "../state/views.js";
import type { InstructionAccount } from "@ballast/ledger";
import { BankLayout } from "../state/bank.js";
import { InterestCurveType } from "../state/enums.js";
import { BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { declareAccounts, signer, type MutCheck } from "@ballast/anchor";
import { bankAccount, groupAccount } from "./account-kinds.js";
import { checkBankOfGroup } from "./pool-accounts.js";
import type { InterestRateConfigOpt } from "./bank-config-args.js";
import { fail } from "./errors.js";

type GroupRole = "admin" | "delegateCurveAdmin" | "delegateLimitAdmin" | "delegateEmissionsAdmin" | "emodeAdmin";

/** Accounts [group, <role signer> named `signerName` in the IDL, bank (mut)]. */
export function groupRoleAndBankAccounts(signerName: string, signerMut?: MutCheck) {
  return {
    group: groupAccount(),
    signer: signer({ idlName: signerName, ...(signerMut === undefined ? {} : { mut: signerMut }) }),
    bank: bankAccount({ mut: "load" }),
  } as const;
}

/** group has_one <role> (6042 Unauthorized), bank has_one group (6093 InvalidGroup). */
export function groupRoleAndBankConstraints(
  a: { readonly group: InstructionAccount; readonly signer: InstructionAccount; readonly bank: InstructionAccount },
  role: GroupRole,
) {
  return {
    group: () => {
      if (MarginfiGroupLayout.fields[role].get(a.group.account.data) !== a.signer.key) fail("Unauthorized", "group");
    },
    bank: () => checkBankOfGroup(a.bank, a.group),
  };
}

/** The plain form: [group, <role signer>, bank (mut)] and nothing else. */
export function groupRoleAndBankSpec(role: GroupRole, signerName: string) {
  return declareAccounts(groupRoleAndBankAccounts(signerName), (a) => groupRoleAndBankConstraints(a, role));
}

export function isFrozen(bank: BankData): boolean {
  return (BankLayout.fields.flags.get(bank) & BankFlags.FREEZE_SETTINGS) !== 0n;
}

/** Sets or clears one of the group-settable Bank.flags bits. */
export function setBankFlag(bank: BankData, flag: bigint, on: boolean): void {
  const flags = BankLayout.fields.flags.get(bank);
  BankLayout.fields.flags.set(bank, on ? flags | flag : flags & ~flag);
}

export function applyInterestRateConfigOpt(bank: BankData, opt: InterestRateConfigOpt): void {
  const r = BankLayout.fields.config.fields.interestRateConfig.fields;
  if (opt.insuranceFeeFixedApr !== null) r.insuranceFeeFixedApr.set(bank, opt.insuranceFeeFixedApr);
  if (opt.insuranceIrFee !== null) r.insuranceIrFee.set(bank, opt.insuranceIrFee);
  if (opt.protocolFixedFeeApr !== null) r.protocolFixedFeeApr.set(bank, opt.protocolFixedFeeApr);
  if (opt.protocolIrFee !== null) r.protocolIrFee.set(bank, opt.protocolIrFee);
  if (opt.protocolOriginationFee !== null) r.protocolOriginationFee.set(bank, opt.protocolOriginationFee);
  if (opt.zeroUtilRate !== null) r.zeroUtilRate.set(bank, opt.zeroUtilRate);
  if (opt.hundredUtilRate !== null) r.hundredUtilRate.set(bank, opt.hundredUtilRate);
  if (opt.points !== null) r.points.set(bank, [...opt.points]);
  r.curveType.set(bank, InterestCurveType.SevenPoint);
}
