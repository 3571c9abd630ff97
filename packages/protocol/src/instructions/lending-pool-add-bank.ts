import type { BankData } from "../state/views.js";
import {
  BANK_VAULT_ACCOUNTS,
  checkVaultAuthorities,
  countBankInGroup,
  initBankVaults,
  newBankAccounts,
  writeNewBank,
} from "../program/bank-creation.js";
import type { InstructionContext } from "@ballast/ledger";
import type { LendingAccounts } from "../program/accounts.js";
import type { BankConfigCompact } from "../program/bank-config-args.js";
import { validateBankConfig } from "../program/bank-config-validation.js";
import { checkSeeds, declareAccounts, initTarget, signer, transferLamports, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { feeStateAccount, groupAccount, mintAccount } from "../program/account-kinds.js";
import { checkGroupAdmin } from "../program/pool-accounts.js";
import { bankSeeds } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { SEEDS } from "../program/ids.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag, InterestCurveType, OracleSetup } from "../state/enums.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { emitEvent } from "../program/events.js";

/** Writes BankConfig from its compact form: no oracle, curve forced to seven-point, legacy curve fields zero. */
function writeConfig(data: BankData, c: BankConfigCompact): void {
  const f = BankLayout.fields.config.fields;
  const r = f.interestRateConfig.fields;
  f.assetWeightInit.set(data, c.assetWeightInit);
  f.assetWeightMaint.set(data, c.assetWeightMaint);
  f.liabilityWeightInit.set(data, c.liabilityWeightInit);
  f.liabilityWeightMaint.set(data, c.liabilityWeightMaint);
  f.depositLimit.set(data, c.depositLimit);
  const ir = c.interestRateConfig;
  r.insuranceFeeFixedApr.set(data, ir.insuranceFeeFixedApr);
  r.insuranceIrFee.set(data, ir.insuranceIrFee);
  r.protocolFixedFeeApr.set(data, ir.protocolFixedFeeApr);
  r.protocolIrFee.set(data, ir.protocolIrFee);
  r.protocolOriginationFee.set(data, ir.protocolOriginationFee);
  r.zeroUtilRate.set(data, ir.zeroUtilRate);
  r.hundredUtilRate.set(data, ir.hundredUtilRate);
  r.points.set(data, [...ir.points]);
  r.curveType.set(data, InterestCurveType.SevenPoint);
  f.operationalState.set(data, c.operationalState);
  f.oracleSetup.set(data, OracleSetup.None);
  f.borrowLimit.set(data, c.borrowLimit);
  f.riskTier.set(data, c.riskTier);
  f.assetTag.set(data, c.assetTag);
  f.configFlags.set(data, c.configFlags);
  f.totalAssetValueInitLimit.set(data, c.totalAssetValueInitLimit);
  f.oracleMaxAge.set(data, c.oracleMaxAge);
  f.oracleMaxConfidence.set(data, c.oracleMaxConfidence);
}

/** Anchor checks `mut` of these accounts with the constraints, after the bank and its vaults are created. */
const ADD_BANK_ACCOUNTS = {
  marginfiGroup: groupAccount({ mut: "handler" }),
  admin: signer(),
  feePayer: signer({ mut: "handler" }),
  feeState: feeStateAccount(),
  globalFeeWallet: unchecked({ mut: "handler" }),
  bankMint: mintAccount(),
  bank: initTarget({ signer: true }),
  ...BANK_VAULT_ACCOUNTS,
} as const;

const AddBankAccounts = declareAccounts(ADD_BANK_ACCOUNTS);
/** The bank sits at its PDA rather than at a keypair. */
export const AddBankWithSeedAccounts = declareAccounts({ ...ADD_BANK_ACCOUNTS, bank: initTarget() });

/**
 * lending_pool_add_bank and lending_pool_add_bank_with_seed (reference §7.3): the bank at a fresh keypair or at
 * the PDA [group, mint, seed]; everything else is identical.
 */
export function addBank(ctx: InstructionContext, accounts: LendingAccounts, bankConfig: BankConfigCompact, seed: bigint | null): void {
  // Account deserialization, in IDL order; the constraints follow the `init` accounts.
  const a = (seed === null ? AddBankAccounts : AddBankWithSeedAccounts).load(ctx).accounts;
  const { marginfiGroup: group, admin, feePayer, feeState, globalFeeWallet: feeWallet, bankMint: mintAccount } = a;
  const { mint } = mintAccount;
  const n = newBankAccounts(a);

  // `init` accounts: the bank, then the three vaults.
  let bankSigner: Buffer[] | null = null;
  if (seed !== null) {
    const seeds = bankSeeds(group.key, mintAccount.key, seed);
    const bump = accounts.pda(n.bank, "bank", seeds);
    bankSigner = [...seeds, Buffer.from([bump])];
  }
  const data = accounts.init(feePayer, n.bank, BankLayout, bankSigner);
  const vaultBumps = initBankVaults(ctx, accounts, feePayer, mintAccount, n);

  // Remaining constraints, in IDL order.
  accounts.writable(group, "marginfi_group");
  checkGroupAdmin(group, admin, "marginfi_group");
  accounts.writable(feePayer, "fee_payer");
  checkSeeds(ctx, feeState, [SEEDS.feeState]);
  if (FeeStateLayout.fields.globalFeeWallet.get(feeState.data) !== feeWallet.key) fail("InvalidFeeWallet", "fee_state");
  accounts.writable(feeWallet, "global_fee_wallet");
  const bumps = checkVaultAuthorities(accounts, n, vaultBumps);

  // Handler.
  const flatFee = FeeStateLayout.fields.bankInitFlatSolFee.get(feeState.data);
  if (flatFee > 0) transferLamports(ctx, feePayer, feeWallet, BigInt(flatFee));
  if (bankConfig.assetTag !== AssetTag.Default && bankConfig.assetTag !== AssetTag.Sol) fail("WrongAssetTagForStandardInstructions");

  const now = ctx.clock.unixTimestamp;
  const bank = n.bank;
  writeNewBank(data, mintAccount.key, mint.decimals, group.key, n, bumps, now);
  writeConfig(data, bankConfig);
  countBankInGroup(group.data, now);

  validateBankConfig(data);
  emitEvent(ctx, "LendingPoolBankCreateEvent", {
    header: { signer: admin.key, marginfiGroup: group.key },
    bank: bank.key,
    mint: mintAccount.key,
  });
}

/** The group admin adds a bank at a fresh keypair address; the fee payer also pays the flat SOL bank-init fee. */
export const lendingPoolAddBank: InstructionHandler = {
  name: "lending_pool_add_bank",
  units: 60_000,
  accounts: AddBankAccounts,
  run(ctx, accounts, args) {
    const { bankConfig } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_add_bank.args);
    addBank(ctx, accounts, bankConfig, null);
  },
};
