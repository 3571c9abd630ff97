import type { BankData } from "../state/views.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { base58 } from "../program/args.js";
import type { KaminoConfigCompact } from "../program/bank-config-args.js";
import { checkSeeds, declareAccounts, initTarget, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { groupAccount, mintAccount } from "../program/account-kinds.js";
import { checkGroupAdmin } from "../program/pool-accounts.js";
import {
  BANK_VAULT_ACCOUNTS,
  checkVaultAuthorities,
  countBankInGroup,
  initBankVaults,
  newBankAccounts,
  writeNewBank,
  writePlaceholderLendingConfig,
} from "../program/bank-creation.js";
import { validateBankConfig } from "../program/bank-config-validation.js";
import { bankSeeds } from "../program/bank-vaults.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { validateOracleSetup } from "../program/oracle-config-validation.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag, OracleSetup } from "../state/enums.js";
import { KAMINO_PROGRAM_ID, isKaminoReserve, kaminoObligationAddress, readKaminoReserve } from "../state/kamino.js";

/** Remaining accounts: [price oracle, Kamino reserve]. Anchor checks `mut` with the constraints, after `init`. */
const AddBankKaminoAccounts = declareAccounts({
  group: groupAccount({ mut: "handler" }),
  admin: signer(),
  feePayer: signer({ mut: "handler" }),
  bankMint: mintAccount(),
  bank: initTarget(),
  integrationAcc1: unchecked({ idlName: "integration_acc_1" }),
  integrationAcc2: unchecked({ idlName: "integration_acc_2" }),
  ...BANK_VAULT_ACCOUNTS,
});

function writeKaminoConfig(data: BankData, c: KaminoConfigCompact, reserve: string, obligation: string): void {
  const f = BankLayout.fields.config.fields;
  writePlaceholderLendingConfig(data);
  f.assetWeightInit.set(data, c.assetWeightInit);
  f.assetWeightMaint.set(data, c.assetWeightMaint);
  f.depositLimit.set(data, c.depositLimit);
  f.operationalState.set(data, c.operationalState);
  f.oracleSetup.set(data, c.oracleSetup);
  f.oracleKeys.at(0).set(data, base58(c.oracle));
  f.oracleKeys.at(1).set(data, reserve);
  f.riskTier.set(data, c.riskTier);
  f.assetTag.set(data, AssetTag.Kamino);
  f.configFlags.set(data, c.configFlags);
  f.totalAssetValueInitLimit.set(data, c.totalAssetValueInitLimit);
  f.oracleMaxAge.set(data, c.oracleMaxAge);
  f.oracleMaxConfidence.set(data, c.oracleMaxConfidence);
  BankLayout.fields.integrationAcc1.set(data, reserve);
  BankLayout.fields.integrationAcc2.set(data, obligation);
}

/**
 * The group admin adds a bank whose deposits go into a third-party market reserve (reference §7.5), at the PDA
 * [group, mint, bank_seed]. It never lends: borrow limit 0 and placeholder liability settings. Its balances count
 * the reserve's collateral tokens, priced through the reserve's exchange rate. No flat SOL fee.
 */
export const lendingPoolAddBankKamino: InstructionHandler = {
  name: "lending_pool_add_bank_kamino",
  units: 60_000,
  accounts: AddBankKaminoAccounts,
  run(ctx, accounts, args) {
    // An oracle setup byte outside the enum does not deserialize (102); a known non-Kamino one fails below (6211).
    const { bankConfig: config, bankSeed: seed } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_add_bank_kamino.args);

    // Account deserialization, in IDL order; the constraints follow the `init` accounts.
    const { accounts: a, remaining } = AddBankKaminoAccounts.load(ctx);
    const { group, admin, feePayer, bankMint: mintAccount, bank, integrationAcc1: reserve, integrationAcc2: obligation } = a;
    const { mint } = mintAccount;
    const n = newBankAccounts(a);

    // `init` accounts: the bank, then the three vaults.
    const seeds = bankSeeds(group.key, mintAccount.key, seed);
    const bump = checkSeeds(ctx, bank, seeds);
    const data = accounts.init(feePayer, bank, BankLayout, [...seeds, Buffer.from([bump])]);
    const vaultBumps = initBankVaults(ctx, accounts, feePayer, mintAccount, n);

    // Remaining constraints, in IDL order.
    accounts.writable(group, "group");
    checkGroupAdmin(group, admin);
    accounts.writable(feePayer, "fee_payer");
    const bumps = checkVaultAuthorities(accounts, n, vaultBumps);
    if (reserve.account.owner !== KAMINO_PROGRAM_ID || !isKaminoReserve(reserve.account.data))
      fail("InvalidKaminoReserve", "integration_acc_1");

    // Handler.
    if (config.oracleSetup !== OracleSetup.KaminoPythPush && config.oracleSetup !== OracleSetup.KaminoSwitchboardPull) {
      fail("KaminoInvalidOracleSetup");
    }
    const reserveView = readKaminoReserve(reserve.account.data);
    if (reserveView.liquidityMint !== mintAccount.key) fail("KaminoReserveMintAddressMismatch");
    if (obligation.key !== kaminoObligationAddress(n.vaults.liquidity.authority.key, reserveView.lendingMarket)) {
      fail("InvalidKaminoObligation", "integration_acc_2");
    }

    const now = ctx.clock.unixTimestamp;
    writeNewBank(data, mintAccount.key, mint.decimals, group.key, n, bumps, now);
    writeKaminoConfig(data, config, reserve.key, obligation.key);
    validateBankConfig(data);
    validateOracleSetup(data, remaining);
    countBankInGroup(group.data, now);

    emitEvent(ctx, "LendingPoolBankCreateEvent", {
      header: { signer: admin.key, marginfiGroup: group.key },
      bank: bank.key,
      mint: mintAccount.key,
    });
  },
};
