import { checkVaultAuthorities, countBankInGroup, initBankVaults, newBankAccounts, writeNewBank } from "../program/bank-creation.js";
import type { InstructionContext } from "@ballast/ledger";
import type { LendingAccounts } from "../program/accounts.js";
import type { LendingArgs } from "../program/args.js";
import { readBankConfigCompact, type BankConfigCompact } from "../program/bank-config-args.js";
import { validateBankConfig } from "../program/bank-config-validation.js";
import { transferLamports } from "@ballast/anchor";
import { bankSeeds, loadMint } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { SEEDS } from "../program/ids.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag, InterestCurveType, OracleSetup } from "../state/enums.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { emitEvent } from "../program/events.js";

/** Writes BankConfig from its compact form: no oracle, curve forced to seven-point, legacy curve fields zero. */
function writeConfig(data: Buffer, c: BankConfigCompact): void {
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
  r.points.set(data, ir.points);
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

/**
 * lending_pool_add_bank and lending_pool_add_bank_with_seed (reference §7.3): the bank at a fresh keypair or at
 * the PDA [group, mint, seed]; everything else is identical.
 */
export function addBank(ctx: InstructionContext, accounts: LendingAccounts, args: LendingArgs, withSeed: boolean): void {
  const bankConfig = readBankConfigCompact(args);
  const seed = withSeed ? args.u64() : null;

  // Account deserialization, in IDL order.
  const group = accounts.owned(0, "marginfi_group", MarginfiGroupLayout);
  const admin = accounts.signer(1, "admin");
  const feePayer = accounts.signer(2, "fee_payer");
  const feeState = accounts.owned(3, "fee_state", FeeStateLayout);
  const feeWallet = accounts.at(4);
  const mintAccount = accounts.at(5);
  const mint = loadMint(mintAccount, "bank_mint");
  const n = newBankAccounts(accounts);

  // `init` accounts: the bank, then the three vaults.
  let bankSigner: Buffer[] | null = null;
  if (seed !== null) {
    const seeds = bankSeeds(group.key, mintAccount.key, seed);
    const bump = accounts.pda(n.bank, "bank", seeds);
    bankSigner = [...seeds, Buffer.from([bump])];
  }
  accounts.init(feePayer, n.bank, BankLayout, bankSigner);
  const vaultBumps = initBankVaults(ctx, accounts, feePayer, mintAccount, n);

  // Remaining constraints, in IDL order.
  accounts.writable(group, "marginfi_group");
  if (MarginfiGroupLayout.fields.admin.get(group.account.data) !== admin.key) fail("Unauthorized", "marginfi_group");
  accounts.writable(feePayer, "fee_payer");
  accounts.pda(feeState, "fee_state", [SEEDS.feeState]);
  if (FeeStateLayout.fields.globalFeeWallet.get(feeState.account.data) !== feeWallet.key) fail("InvalidFeeWallet", "fee_state");
  accounts.writable(feeWallet, "global_fee_wallet");
  const bumps = checkVaultAuthorities(accounts, n, vaultBumps);

  // Handler.
  const flatFee = FeeStateLayout.fields.bankInitFlatSolFee.get(feeState.account.data);
  if (flatFee > 0) transferLamports(ctx, feePayer, feeWallet, BigInt(flatFee));
  if (bankConfig.assetTag !== AssetTag.Default && bankConfig.assetTag !== AssetTag.Sol) fail("WrongAssetTagForStandardInstructions");

  const now = ctx.clock.unixTimestamp;
  const bank = n.bank;
  const data = bank.account.data;
  writeNewBank(data, mintAccount.key, mint.decimals, group.key, n, bumps, now);
  writeConfig(data, bankConfig);
  countBankInGroup(group.account.data, now);

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
  run(ctx, accounts, args) {
    addBank(ctx, accounts, args, false);
  },
};
