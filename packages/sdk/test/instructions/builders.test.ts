// Every lending-program instruction has a typed builder whose data Anchor's coder decodes back to the intended
// arguments and whose accounts follow the IDL: its order, its writable/signer flags, its fixed addresses and PDA
// seeds (evaluated here from the IDL itself), then the remaining accounts.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { BN, BorshCoder, type Idl } from "@coral-xyz/anchor";
import { TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { farmUserStateAddress, farmVaultsAuthority, rewardVaultAddress, treasuryVaultAddress } from "@ballast/market";
import { PublicKey, type AccountMeta, type TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_DISCRIMINATORS,
  BANK_SIZE,
  BankOperationalState,
  OracleSetup,
  RiskTier,
  decodeBank,
  i80f48,
  kaminoObligationAddress,
  type I80F48,
} from "@ballast/protocol";
import {
  accrueBankInterestInstruction,
  addBankInstruction,
  addBankKaminoInstruction,
  bankAddressWithSeed,
  bankVaultAddress,
  bankVaultAuthorityAddress,
  kaminoDepositInstruction,
  kaminoInitObligationInstruction,
  kaminoWithdrawInstruction,
  kaminoHarvestRewardInstruction,
  lendingInstruction,
  type KaminoReserve,
  addBankWithSeedInstruction,
  addStakedBankInstruction,
  borrowInstruction,
  cloneEmodeInstruction,
  closeAccountInstruction,
  closeBalanceInstruction,
  closeBankInstruction,
  collectBankFeesInstruction,
  configureBankEmodeInstruction,
  configureBankInstruction,
  configureBankInterestInstruction,
  configureBankLimitsInstruction,
  configureBankOracleInstruction,
  configureDeleverageWithdrawalLimitInstruction,
  configureGroupFeeInstruction,
  configureGroupInstruction,
  depositInstruction,
  editGlobalFeeStateInstruction,
  editStakedSettingsInstruction,
  endDeleverageInstruction,
  endFlashloanInstruction,
  endLiquidationInstruction,
  forceTokenlessRepayCompleteInstruction,
  handleBankruptcyInstruction,
  initBankMetadataInstruction,
  initGlobalFeeStateInstruction,
  initializeAccountInstruction,
  initializeAccountPdaInstruction,
  initializeGroupInstruction,
  initLiquidationRecordInstruction,
  initStakedSettingsInstruction,
  liquidateInstruction,
  migrateCurveInstruction,
  panicPauseInstruction,
  panicUnpauseInstruction,
  panicUnpausePermissionlessInstruction,
  propagateFeeStateInstruction,
  propagateStakedSettingsInstruction,
  pulseAccountHealthInstruction,
  pulseBankPriceCacheInstruction,
  purgeDeleverageBalanceInstruction,
  repayInstruction,
  setAccountFreezeInstruction,
  setFixedOraclePriceInstruction,
  settleEmissionsInstruction,
  setupEmissionsInstruction,
  sortBalancesInstruction,
  startDeleverageInstruction,
  startFlashloanInstruction,
  startLiquidationInstruction,
  transferToNewAccountInstruction,
  transferToNewAccountPdaInstruction,
  updateEmissionsDestinationInstruction,
  updateEmissionsParametersInstruction,
  updateFeesDestinationInstruction,
  withdrawEmissionsInstruction,
  withdrawEmissionsPermissionlessInstruction,
  withdrawFeesInstruction,
  withdrawFeesPermissionlessInstruction,
  withdrawInstruction,
  withdrawInsuranceInstruction,
  writeBankMetadataInstruction,
  type BankConfigParams,
} from "../../src/index.js";
import { U64_MAX } from "@ballast/protocol";

// The IDL straight from the protocol package, so the checks do not lean on the SDK's own loading of it.
const IDL = JSON.parse(readFileSync(new URL("../../../protocol/idl/marginfi.json", import.meta.url), "utf8")) as Idl;
const coder = new BorshCoder(IDL);
const MAINNET = new PublicKey("MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA");
const SINGLE_POOL = new PublicKey("SVSPxpvHdN29nkVg9rPapPNDddN5DipNLRUFhyjFThE");

/** A distinct key per name: builders are given key("<IDL account name>"), so a mis-wired account shows up by name. */
const key = (name: string) => new PublicKey(createHash("sha256").update(name).digest());
const fx = (decimal: string) => i80f48.fromDecimal(decimal);
const reader = (pubkey: PublicKey): AccountMeta => ({ pubkey, isSigner: false, isWritable: false });

/** The instruction's account at `index`, which the test expects to exist. */
function metaAt(ix: TransactionInstruction, index: number): AccountMeta {
  const meta = ix.keys[index];
  if (meta === undefined) throw new Error(`the instruction has no account ${index}`);
  return meta;
}
const risk = [reader(key("risk_bank")), reader(key("risk_oracle"))];

/** Anchor's decoded values in comparable form: bigint, base58, I80F48 bits, enum variant names, text for bytes. */
function plain(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (value instanceof PublicKey) return value.toBase58();
  if (BN.isBN(value)) return BigInt(value.toString());
  if (Buffer.isBuffer(value)) return value.toString("utf8");
  if (Array.isArray(value)) return value.map(plain);
  const entries = Object.entries(value);
  const [first, ...rest] = entries;
  if (first !== undefined && rest.length === 0) {
    const [name, inner] = first;
    if (name === "value" && Array.isArray(inner) && inner.length === 16) return i80f48.read(Uint8Array.from(inner as number[]), 0);
    if (typeof inner === "object" && inner !== null && Object.keys(inner).length === 0) return name;
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, plain(v)]));
}

type IdlAccount = { name: string; writable?: boolean; signer?: boolean; address?: string; pda?: { seeds: IdlSeed[] } };
type IdlSeed = { kind: "const"; value: number[] } | { kind: "account"; path: string } | { kind: "arg"; path: string };

/** Evaluates an IDL seed list against the instruction's own accounts and decoded arguments. */
function seedBytes(seed: IdlSeed, accounts: Map<string, PublicKey>, args: Record<string, unknown>): Buffer {
  if (seed.kind === "const") return Buffer.from(seed.value);
  if (seed.kind === "account") return accounts.get(seed.path)!.toBuffer();
  const value = args[seed.path];
  if (!BN.isBN(value)) throw new Error(`seed argument ${seed.path} is not a u64`);
  return (value as BN).toArrayLike(Buffer, "le", 8);
}

function u16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16LE(value);
  return out;
}

const sha8 = (name: string) => createHash("sha256").update(`global:${name}`).digest().subarray(0, 8);
const u64le = (value: bigint) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(value);
  return out;
};

const POINTS = [
  { util: 2_147_483_647, rate: 257_698_037 },
  { util: 3_865_470_565, rate: 429_496_729 },
];
const CONFIG: BankConfigParams = {
  assetWeightInit: fx("0.8"),
  assetWeightMaint: fx("0.9"),
  liabilityWeightInit: fx("1.2"),
  liabilityWeightMaint: fx("1.1"),
  depositLimit: 1_000_000_000n,
  interestRateConfig: {
    insuranceFeeFixedApr: fx("0.01"),
    insuranceIrFee: fx("0.05"),
    protocolFixedFeeApr: fx("0.02"),
    protocolIrFee: fx("0.1"),
    protocolOriginationFee: fx("0.001"),
    zeroUtilRate: 0,
    hundredUtilRate: 1_288_490_188,
    points: POINTS,
  },
  operationalState: BankOperationalState.Operational,
  borrowLimit: U64_MAX,
  riskTier: RiskTier.Collateral,
  assetTag: 1,
  configFlags: 1,
  totalAssetValueInitLimit: 0n,
  oracleMaxAge: 60,
  oracleMaxConfidence: 0,
};
const PADDED_POINTS = [...POINTS, ...Array.from({ length: 3 }, () => ({ util: 0, rate: 0 }))];
const CONFIG_ARGS = {
  asset_weight_init: fx("0.8"),
  asset_weight_maint: fx("0.9"),
  liability_weight_init: fx("1.2"),
  liability_weight_maint: fx("1.1"),
  deposit_limit: 1_000_000_000n,
  interest_rate_config: {
    insurance_fee_fixed_apr: fx("0.01"),
    insurance_ir_fee: fx("0.05"),
    protocol_fixed_fee_apr: fx("0.02"),
    protocol_ir_fee: fx("0.1"),
    protocol_origination_fee: fx("0.001"),
    zero_util_rate: 0,
    hundred_util_rate: 1_288_490_188,
    points: PADDED_POINTS,
  },
  operational_state: "Operational",
  borrow_limit: U64_MAX,
  risk_tier: "Collateral",
  asset_tag: 1,
  config_flags: 1,
  _pad0: [0, 0, 0, 0, 0],
  total_asset_value_init_limit: 0n,
  oracle_max_age: 60,
  oracle_max_confidence: 0,
};
const FEE_SETTINGS = {
  admin: key("fee_admin_arg"),
  feeWallet: key("fee_wallet_arg"),
  bankInitFlatSolFee: 150_000_000,
  liquidationFlatSolFee: 5_000,
  programFeeFixed: fx("0.01"),
  programFeeRate: fx("0.075"),
  liquidationMaxFee: fx("0.05"),
};
const FEE_ARGS = {
  admin: key("fee_admin_arg").toBase58(),
  fee_wallet: key("fee_wallet_arg").toBase58(),
  bank_init_flat_sol_fee: 150_000_000,
  liquidation_flat_sol_fee: 5_000,
  program_fee_fixed: fx("0.01"),
  program_fee_rate: fx("0.075"),
  liquidation_max_fee: fx("0.05"),
};
const NO_RATE_CHANGES = {
  insurance_fee_fixed_apr: null,
  insurance_ir_fee: null,
  protocol_fixed_fee_apr: null,
  protocol_ir_fee: null,
  protocol_origination_fee: null,
  zero_util_rate: null,
  hundred_util_rate: null,
  points: null,
};
const emptyEntry = { collateral_bank_emode_tag: 0, flags: 0, pad0: [0, 0, 0, 0, 0], asset_weight_init: 0n, asset_weight_maint: 0n };
const singlePool = (seed: string) => PublicKey.findProgramAddressSync([Buffer.from(seed), key("stake_pool").toBuffer()], SINGLE_POOL)[0];
const stakedSettings = PublicKey.findProgramAddressSync([Buffer.from("staked_settings"), key("marginfi_group").toBuffer()], MAINNET)[0];
const pdaAccount = (authority: PublicKey, index: number, thirdParty: number) =>
  PublicKey.findProgramAddressSync(
    [Buffer.from("marginfi_account"), key("group").toBuffer(), authority.toBuffer(), u16(index), u16(thirdParty)],
    MAINNET,
  )[0];

interface Case {
  ix: TransactionInstruction;
  /** The decoded arguments, in plain() form. */
  args?: Record<string, unknown>;
  /** Accounts the builder derives that the IDL gives no seeds for. */
  derived?: Record<string, PublicKey>;
  remaining?: AccountMeta[];
}

const bankAccounts = { group: key("group"), marginfiAccount: key("marginfi_account"), authority: key("authority"), bank: key("bank") };

/** A Kamino bank and the few reserve fields the builders read, every key named after its account. */
const kaminoBank = (() => {
  const bank = decodeBank(Buffer.concat([ACCOUNT_DISCRIMINATORS.Bank, Buffer.alloc(BANK_SIZE)]));
  bank.mint = key("mint").toBase58();
  bank.integrationAcc1 = key("kamino_reserve").toBase58();
  bank.integrationAcc2 = key("kamino_obligation").toBase58();
  return bank;
})();
const kaminoReserve = {
  lendingMarket: key("lending_market").toBase58(),
  // No collateral farm: the builders pass "none" for the farm accounts.
  farmCollateral: PublicKey.default.toBase58(),
  liquidity: { supplyVault: key("reserve_liquidity_supply").toBase58(), tokenProgram: key("liquidity_token_program").toBase58() },
  collateral: { mintPubkey: key("reserve_collateral_mint").toBase58(), supplyVault: key("reserve_collateral_vault").toBase58() },
  config: {
    tokenInfo: {
      pythConfiguration: { price: key("pyth_oracle").toBase58() },
      switchboardConfiguration: {
        priceAggregator: key("switchboard_price_oracle").toBase58(),
        twapAggregator: key("switchboard_twap_oracle").toBase58(),
      },
      // klend's default: no Scope feed.
      scopeConfiguration: { priceFeed: "nu11111111111111111111111111111111111111111" },
    },
  },
} as unknown as KaminoReserve;
const kaminoMarket = { bankData: kaminoBank, reserve: kaminoReserve, lendingMarketAuthority: key("lending_market_authority") };
/** What the Kamino builders derive: the liquidity vault PDA, "none" farm accounts (the program id), the reserve's vaults. */
const kaminoDerived = (bank: PublicKey) => ({
  liquidity_vault: bankVaultAddress(bank, "liquidity"),
  obligation_farm_user_state: MAINNET,
  reserve_farm_state: MAINNET,
  reserve_destination_deposit_collateral: key("reserve_collateral_vault"),
  reserve_source_collateral: key("reserve_collateral_vault"),
  reserve_liquidity_mint: key("mint"),
});
const kaminoBankKey = bankAddressWithSeed(key("group"), key("bank_mint"), 4n);
const kaminoConfig = {
  oracle: key("oracle"),
  oracleSetup: OracleSetup.KaminoSwitchboardPull,
  assetWeightInit: fx("0.8"),
  assetWeightMaint: fx("0.9"),
  depositLimit: 77n,
  riskTier: RiskTier.Isolated,
  configFlags: 1,
  totalAssetValueInitLimit: 5n,
  oracleMaxAge: 120,
  oracleMaxConfidence: 9,
} as const;

const CASES = {
  lending_pool_add_bank_kamino: {
    ix: addBankKaminoInstruction({
      group: key("group"),
      admin: key("admin"),
      feePayer: key("fee_payer"),
      bankMint: key("bank_mint"),
      bankSeed: 4n,
      reserve: key("integration_acc_1"),
      lendingMarket: key("lending_market"),
      config: kaminoConfig,
      tokenProgram: key("token_program"),
    }),
    args: {
      bank_config: {
        oracle: key("oracle").toBase58(),
        asset_weight_init: fx("0.8"),
        asset_weight_maint: fx("0.9"),
        deposit_limit: 77n,
        oracle_setup: "KaminoSwitchboardPull",
        operational_state: "Operational",
        risk_tier: "Isolated",
        config_flags: 1,
        total_asset_value_init_limit: 5n,
        oracle_max_age: 120,
        oracle_max_confidence: 9,
      },
      bank_seed: 4n,
    },
    derived: {
      bank: kaminoBankKey,
      integration_acc_2: new PublicKey(
        kaminoObligationAddress(bankVaultAuthorityAddress(kaminoBankKey, "liquidity").toBase58(), key("lending_market").toBase58()),
      ),
      liquidity_vault_authority: bankVaultAuthorityAddress(kaminoBankKey, "liquidity"),
      liquidity_vault: bankVaultAddress(kaminoBankKey, "liquidity"),
      insurance_vault_authority: bankVaultAuthorityAddress(kaminoBankKey, "insurance"),
      insurance_vault: bankVaultAddress(kaminoBankKey, "insurance"),
      fee_vault_authority: bankVaultAuthorityAddress(kaminoBankKey, "fee"),
      fee_vault: bankVaultAddress(kaminoBankKey, "fee"),
    },
    remaining: [reader(key("oracle")), reader(key("integration_acc_1"))],
  },
  kamino_init_obligation: {
    ix: kaminoInitObligationInstruction({
      ...kaminoMarket,
      feePayer: key("fee_payer"),
      bank: key("bank"),
      signerTokenAccount: key("signer_token_account"),
      amount: 10n,
      userMetadata: key("user_metadata"),
    }),
    args: { amount: 10n },
    // No Scope feed in this market: "none" is the market program's id.
    derived: { ...kaminoDerived(key("bank")), scope_prices: new PublicKey("KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD") },
  },
  kamino_deposit: {
    ix: kaminoDepositInstruction({ ...bankAccounts, ...kaminoMarket, signerTokenAccount: key("signer_token_account"), amount: 5n }),
    args: { amount: 5n },
    derived: kaminoDerived(key("bank")),
  },
  kamino_withdraw: {
    ix: kaminoWithdrawInstruction({
      ...bankAccounts,
      ...kaminoMarket,
      destinationTokenAccount: key("destination_token_account"),
      collateral: 6n,
      withdrawAll: false,
      riskAccounts: risk,
    }),
    args: { amount: 6n, withdraw_all: false },
    derived: kaminoDerived(key("bank")),
    remaining: risk,
  },
  kamino_harvest_reward: {
    ix: kaminoHarvestRewardInstruction({
      globalFeeWallet: key("global_fee_wallet"),
      bank: key("bank"),
      bankData: kaminoBank,
      farmState: key("farm_state"),
      farmsGlobalConfig: key("global_config"),
      rewardMint: key("reward_mint"),
      rewardIndex: 3n,
      rewardTokenProgram: key("token_program"),
    }),
    args: { reward_index: 3n },
    derived: {
      destination_token_account: getAssociatedTokenAddressSync(key("reward_mint"), key("global_fee_wallet"), true, key("token_program")),
      user_state: farmUserStateAddress(key("farm_state"), key("kamino_obligation")),
      user_reward_ata: getAssociatedTokenAddressSync(
        key("reward_mint"),
        bankVaultAuthorityAddress(key("bank"), "liquidity"),
        true,
        key("token_program"),
      ),
      rewards_vault: rewardVaultAddress(key("farm_state"), key("reward_mint")),
      rewards_treasury_vault: treasuryVaultAddress(key("global_config"), key("reward_mint")),
      farm_vaults_authority: farmVaultsAuthority(key("farm_state")),
      // No Scope feed: "none" is the lending program's id.
      scope_prices: MAINNET,
    },
  },
  // ---- fee state and panic
  init_global_fee_state: { ix: initGlobalFeeStateInstruction({ payer: key("payer"), ...FEE_SETTINGS }), args: FEE_ARGS },
  edit_global_fee_state: {
    ix: editGlobalFeeStateInstruction({ globalFeeAdmin: key("global_fee_admin"), ...FEE_SETTINGS }),
    args: FEE_ARGS,
  },
  config_group_fee: {
    ix: configureGroupFeeInstruction({ group: key("marginfi_group"), globalFeeAdmin: key("global_fee_admin"), enableProgramFee: true }),
    args: { enable_program_fee: true },
  },
  panic_pause: { ix: panicPauseInstruction({ globalFeeAdmin: key("global_fee_admin") }) },
  panic_unpause: { ix: panicUnpauseInstruction({ globalFeeAdmin: key("global_fee_admin") }) },
  panic_unpause_permissionless: { ix: panicUnpausePermissionlessInstruction() },
  propagate_fee_state: { ix: propagateFeeStateInstruction({ group: key("marginfi_group") }) },
  // ---- groups
  marginfi_group_initialize: { ix: initializeGroupInstruction({ group: key("marginfi_group"), admin: key("admin") }) },
  marginfi_group_configure: {
    ix: configureGroupInstruction({
      group: key("marginfi_group"),
      admin: key("admin"),
      newAdmin: key("a1"),
      newEmodeAdmin: key("a2"),
      newCurveAdmin: key("a3"),
      newLimitAdmin: key("a4"),
      newEmissionsAdmin: key("a5"),
      newMetadataAdmin: key("a6"),
      newRiskAdmin: key("a7"),
      emodeMaxInitLeverage: fx("10"),
    }),
    args: {
      new_admin: key("a1").toBase58(),
      new_emode_admin: key("a2").toBase58(),
      new_curve_admin: key("a3").toBase58(),
      new_limit_admin: key("a4").toBase58(),
      new_emissions_admin: key("a5").toBase58(),
      new_metadata_admin: key("a6").toBase58(),
      new_risk_admin: key("a7").toBase58(),
      emode_max_init_leverage: fx("10"),
      emode_max_maint_leverage: null,
    },
  },
  configure_deleverage_withdrawal_limit: {
    ix: configureDeleverageWithdrawalLimitInstruction({ group: key("marginfi_group"), admin: key("admin"), limit: 50_000 }),
    args: { limit: 50_000 },
  },
  marginfi_account_set_freeze: {
    ix: setAccountFreezeInstruction({ group: key("group"), marginfiAccount: key("marginfi_account"), admin: key("admin"), frozen: true }),
    args: { frozen: true },
  },
  // ---- staked collateral
  init_staked_settings: {
    ix: initStakedSettingsInstruction({
      group: key("marginfi_group"),
      admin: key("admin"),
      feePayer: key("fee_payer"),
      settings: {
        oracle: key("oracle_arg"),
        assetWeightInit: fx("0.8"),
        assetWeightMaint: fx("0.9"),
        depositLimit: 1_000n,
        totalAssetValueInitLimit: 5n,
        oracleMaxAge: 60,
        riskTier: RiskTier.Isolated,
      },
    }),
    args: {
      settings: {
        oracle: key("oracle_arg").toBase58(),
        asset_weight_init: fx("0.8"),
        asset_weight_maint: fx("0.9"),
        deposit_limit: 1_000n,
        total_asset_value_init_limit: 5n,
        oracle_max_age: 60,
        risk_tier: "Isolated",
      },
    },
  },
  edit_staked_settings: {
    ix: editStakedSettingsInstruction({
      group: key("marginfi_group"),
      admin: key("admin"),
      changes: { depositLimit: 7n, riskTier: RiskTier.Collateral },
    }),
    derived: { staked_settings: stakedSettings },
    args: {
      settings: {
        oracle: null,
        asset_weight_init: null,
        asset_weight_maint: null,
        deposit_limit: 7n,
        total_asset_value_init_limit: null,
        oracle_max_age: null,
        risk_tier: "Collateral",
      },
    },
  },
  propagate_staked_settings: {
    ix: propagateStakedSettingsInstruction({ group: key("marginfi_group"), bank: key("bank"), oracle: key("oracle") }),
    derived: { staked_settings: stakedSettings },
    remaining: [reader(key("oracle"))],
  },
  lending_pool_add_bank_permissionless: {
    ix: addStakedBankInstruction({
      group: key("marginfi_group"),
      feePayer: key("fee_payer"),
      stakePool: key("stake_pool"),
      oracle: key("oracle"),
      bankSeed: 42n,
    }),
    args: { bank_seed: 42n },
    derived: {
      staked_settings: stakedSettings,
      bank_mint: singlePool("mint"),
      sol_pool: singlePool("stake"),
      token_program: TOKEN_PROGRAM_ID,
    },
    remaining: [reader(key("oracle")), reader(singlePool("mint")), reader(singlePool("stake"))],
  },
  // ---- banks
  lending_pool_add_bank: {
    ix: addBankInstruction({
      group: key("marginfi_group"),
      admin: key("admin"),
      feePayer: key("fee_payer"),
      globalFeeWallet: key("global_fee_wallet"),
      bankMint: key("bank_mint"),
      bank: key("bank"),
      config: CONFIG,
      tokenProgram: key("token_program"),
    }),
    args: { bank_config: CONFIG_ARGS },
  },
  lending_pool_add_bank_with_seed: {
    ix: addBankWithSeedInstruction({
      group: key("marginfi_group"),
      admin: key("admin"),
      feePayer: key("fee_payer"),
      globalFeeWallet: key("global_fee_wallet"),
      bankMint: key("bank_mint"),
      config: CONFIG,
      tokenProgram: key("token_program"),
      bankSeed: 789n,
    }),
    args: { bank_config: CONFIG_ARGS, bank_seed: 789n },
  },
  lending_pool_configure_bank: {
    ix: configureBankInstruction({
      group: key("group"),
      admin: key("admin"),
      bank: key("bank"),
      changes: { assetWeightInit: fx("0.7"), borrowLimit: 0n, operationalState: BankOperationalState.ReduceOnly, freezeSettings: false },
    }),
    args: {
      bank_config_opt: {
        asset_weight_init: fx("0.7"),
        asset_weight_maint: null,
        liability_weight_init: null,
        liability_weight_maint: null,
        deposit_limit: null,
        borrow_limit: 0n,
        operational_state: "ReduceOnly",
        interest_rate_config: null,
        risk_tier: null,
        asset_tag: null,
        total_asset_value_init_limit: null,
        oracle_max_confidence: null,
        oracle_max_age: null,
        permissionless_bad_debt_settlement: null,
        freeze_settings: false,
        tokenless_repayments_allowed: null,
      },
    },
  },
  lending_pool_configure_bank_interest_only: {
    ix: configureBankInterestInstruction({
      group: key("group"),
      curveAdmin: key("delegate_curve_admin"),
      bank: key("bank"),
      changes: { protocolIrFee: fx("0.15"), hundredUtilRate: 3_000_000_000, points: POINTS },
    }),
    args: {
      interest_rate_config: { ...NO_RATE_CHANGES, protocol_ir_fee: fx("0.15"), hundred_util_rate: 3_000_000_000, points: PADDED_POINTS },
    },
  },
  lending_pool_configure_bank_limits_only: {
    ix: configureBankLimitsInstruction({
      group: key("group"),
      limitAdmin: key("delegate_limit_admin"),
      bank: key("bank"),
      depositLimit: 1n,
      totalAssetValueInitLimit: U64_MAX,
    }),
    args: { deposit_limit: 1n, borrow_limit: null, total_asset_value_init_limit: U64_MAX },
  },
  lending_pool_force_tokenless_repay_complete: {
    ix: forceTokenlessRepayCompleteInstruction({ group: key("group"), riskAdmin: key("risk_admin"), bank: key("bank") }),
  },
  lending_pool_close_bank: { ix: closeBankInstruction({ group: key("group"), bank: key("bank"), admin: key("admin") }) },
  migrate_curve: { ix: migrateCurveInstruction({ bank: key("bank") }) },
  // ---- oracles and e-mode
  lending_pool_configure_bank_oracle: {
    ix: configureBankOracleInstruction({
      group: key("group"),
      admin: key("admin"),
      bank: key("bank"),
      setup: OracleSetup.PythPushOracle,
      oracle: key("oracle"),
    }),
    args: { setup: 3, oracle: key("oracle").toBase58() },
    remaining: [reader(key("oracle"))],
  },
  lending_pool_set_fixed_oracle_price: {
    ix: setFixedOraclePriceInstruction({ group: key("group"), admin: key("admin"), bank: key("bank"), price: fx("1.5") }),
    args: { price: fx("1.5") },
  },
  lending_pool_configure_bank_emode: {
    ix: configureBankEmodeInstruction({
      group: key("group"),
      emodeAdmin: key("emode_admin"),
      bank: key("bank"),
      emodeTag: 7,
      entries: [{ collateralBankEmodeTag: 3, flags: 1, assetWeightInit: fx("0.9"), assetWeightMaint: fx("0.95") }],
    }),
    args: {
      emode_tag: 7,
      entries: [
        { collateral_bank_emode_tag: 3, flags: 1, pad0: [0, 0, 0, 0, 0], asset_weight_init: fx("0.9"), asset_weight_maint: fx("0.95") },
        ...Array.from({ length: 9 }, () => emptyEntry),
      ],
    },
  },
  lending_pool_clone_emode: {
    ix: cloneEmodeInstruction({
      group: key("group"),
      signer: key("signer"),
      copyFromBank: key("copy_from_bank"),
      copyToBank: key("copy_to_bank"),
    }),
  },
  // ---- emissions
  lending_pool_setup_emissions: {
    ix: setupEmissionsInstruction({
      group: key("group"),
      emissionsAdmin: key("delegate_emissions_admin"),
      bank: key("bank"),
      emissionsMint: key("emissions_mint"),
      emissionsFundingAccount: key("emissions_funding_account"),
      tokenProgram: key("token_program"),
      flags: 2n,
      rate: 1_000n,
      totalEmissions: 5_000_000n,
    }),
    args: { flags: 2n, rate: 1_000n, total_emissions: 5_000_000n },
  },
  lending_pool_update_emissions_parameters: {
    ix: updateEmissionsParametersInstruction({
      group: key("group"),
      emissionsAdmin: key("delegate_emissions_admin"),
      bank: key("bank"),
      emissionsMint: key("emissions_mint"),
      emissionsFundingAccount: key("emissions_funding_account"),
      tokenProgram: key("token_program"),
      emissionsRate: 9n,
    }),
    args: { emissions_flags: null, emissions_rate: 9n, additional_emissions: null },
  },
  lending_account_withdraw_emissions: {
    ix: withdrawEmissionsInstruction({
      ...bankAccounts,
      emissionsMint: key("emissions_mint"),
      destinationAccount: key("destination_account"),
      tokenProgram: key("token_program"),
    }),
  },
  lending_account_settle_emissions: { ix: settleEmissionsInstruction({ marginfiAccount: key("marginfi_account"), bank: key("bank") }) },
  marginfi_account_update_emissions_destination_account: {
    ix: updateEmissionsDestinationInstruction({
      marginfiAccount: key("marginfi_account"),
      authority: key("authority"),
      destinationAccount: key("destination_account"),
    }),
  },
  lending_account_withdraw_emissions_permissionless: {
    ix: withdrawEmissionsPermissionlessInstruction({
      group: key("group"),
      marginfiAccount: key("marginfi_account"),
      bank: key("bank"),
      emissionsMint: key("emissions_mint"),
      destinationAccount: key("destination_account"),
      tokenProgram: key("token_program"),
    }),
  },
  // ---- metadata
  init_bank_metadata: { ix: initBankMetadataInstruction({ bank: key("bank"), feePayer: key("fee_payer") }) },
  write_bank_metadata: {
    ix: writeBankMetadataInstruction({ group: key("group"), bank: key("bank"), metadataAdmin: key("metadata_admin"), ticker: "USDC" }),
    args: { ticker: "USDC", description: null },
  },
  // ---- cranks and vaults
  lending_pool_accrue_bank_interest: { ix: accrueBankInterestInstruction({ group: key("group"), bank: key("bank") }) },
  lending_pool_pulse_bank_price_cache: {
    ix: pulseBankPriceCacheInstruction({ group: key("group"), bank: key("bank"), oracles: [key("oracle")] }),
    remaining: [reader(key("oracle"))],
  },
  lending_pool_collect_bank_fees: {
    ix: collectBankFeesInstruction({ group: key("group"), bank: key("bank"), feeAta: key("fee_ata"), tokenProgram: key("token_program") }),
  },
  lending_pool_withdraw_fees: {
    ix: withdrawFeesInstruction({
      group: key("group"),
      bank: key("bank"),
      admin: key("admin"),
      destinationTokenAccount: key("dst_token_account"),
      amount: 10n,
      tokenProgram: key("token_program"),
    }),
    args: { amount: 10n },
  },
  lending_pool_withdraw_fees_permissionless: {
    ix: withdrawFeesPermissionlessInstruction({
      group: key("group"),
      bank: key("bank"),
      feesDestinationAccount: key("fees_destination_account"),
      amount: U64_MAX,
      tokenProgram: key("token_program"),
    }),
    args: { amount: U64_MAX },
  },
  lending_pool_update_fees_destination_account: {
    ix: updateFeesDestinationInstruction({
      group: key("group"),
      bank: key("bank"),
      admin: key("admin"),
      destinationAccount: key("destination_account"),
    }),
  },
  lending_pool_withdraw_insurance: {
    ix: withdrawInsuranceInstruction({
      group: key("group"),
      bank: key("bank"),
      admin: key("admin"),
      destinationTokenAccount: key("dst_token_account"),
      amount: 11n,
      tokenProgram: key("token_program"),
    }),
    args: { amount: 11n },
  },
  lending_account_pulse_health: {
    ix: pulseAccountHealthInstruction({ marginfiAccount: key("marginfi_account"), riskAccounts: risk }),
    remaining: risk,
  },
  lending_account_sort_balances: { ix: sortBalancesInstruction({ marginfiAccount: key("marginfi_account") }) },
  // ---- margin accounts
  marginfi_account_initialize: {
    ix: initializeAccountInstruction({
      group: key("marginfi_group"),
      marginfiAccount: key("marginfi_account"),
      authority: key("authority"),
      feePayer: key("fee_payer"),
    }),
  },
  marginfi_account_initialize_pda: {
    ix: initializeAccountPdaInstruction({
      group: key("group"),
      authority: key("authority"),
      feePayer: key("fee_payer"),
      accountIndex: 3,
      thirdPartyId: 7,
    }),
    args: { account_index: 3, third_party_id: 7 },
    derived: { marginfi_group: key("group"), marginfi_account: pdaAccount(key("authority"), 3, 7) },
  },
  marginfi_account_close: {
    ix: closeAccountInstruction({ marginfiAccount: key("marginfi_account"), authority: key("authority"), feePayer: key("fee_payer") }),
  },
  transfer_to_new_account: {
    ix: transferToNewAccountInstruction({
      group: key("group"),
      oldMarginfiAccount: key("old_marginfi_account"),
      newMarginfiAccount: key("new_marginfi_account"),
      authority: key("authority"),
      feePayer: key("fee_payer"),
      newAuthority: key("new_authority"),
      globalFeeWallet: key("global_fee_wallet"),
    }),
  },
  transfer_to_new_account_pda: {
    ix: transferToNewAccountPdaInstruction({
      group: key("group"),
      oldMarginfiAccount: key("old_marginfi_account"),
      authority: key("authority"),
      feePayer: key("fee_payer"),
      newAuthority: key("new_authority"),
      globalFeeWallet: key("global_fee_wallet"),
      accountIndex: 0,
    }),
    args: { account_index: 0, third_party_id: null },
    derived: { new_marginfi_account: pdaAccount(key("new_authority"), 0, 0) },
  },
  // ---- lending
  lending_account_deposit: {
    ix: depositInstruction({
      ...bankAccounts,
      signerTokenAccount: key("signer_token_account"),
      amount: 1_000_000n,
      depositUpToLimit: true,
      tokenProgram: key("token_program"),
    }),
    args: { amount: 1_000_000n, deposit_up_to_limit: true },
  },
  lending_account_repay: {
    ix: repayInstruction({
      ...bankAccounts,
      signerTokenAccount: key("signer_token_account"),
      amount: 5n,
      repayAll: true,
      tokenProgram: key("token_program"),
    }),
    args: { amount: 5n, repay_all: true },
  },
  lending_account_withdraw: {
    ix: withdrawInstruction({
      ...bankAccounts,
      destinationTokenAccount: key("destination_token_account"),
      amount: 0n,
      withdrawAll: true,
      riskAccounts: risk,
      tokenProgram: key("token_program"),
    }),
    args: { amount: 0n, withdraw_all: true },
    remaining: risk,
  },
  lending_account_borrow: {
    ix: borrowInstruction({
      ...bankAccounts,
      destinationTokenAccount: key("destination_token_account"),
      amount: 42n,
      riskAccounts: risk,
      tokenProgram: key("token_program"),
    }),
    args: { amount: 42n },
    remaining: risk,
  },
  lending_account_close_balance: { ix: closeBalanceInstruction(bankAccounts) },
  // ---- flash loans
  lending_account_start_flashloan: {
    ix: startFlashloanInstruction({ marginfiAccount: key("marginfi_account"), authority: key("authority"), endIndex: 4 }),
    args: { end_index: 4n },
  },
  lending_account_end_flashloan: {
    ix: endFlashloanInstruction({ marginfiAccount: key("marginfi_account"), authority: key("authority"), riskAccounts: risk }),
    remaining: risk,
  },
  // ---- liquidation
  lending_account_liquidate: {
    ix: liquidateInstruction({
      group: key("group"),
      assetBank: key("asset_bank"),
      liabBank: key("liab_bank"),
      liquidatorMarginfiAccount: key("liquidator_marginfi_account"),
      authority: key("authority"),
      liquidateeMarginfiAccount: key("liquidatee_marginfi_account"),
      assetAmount: 1_000n,
      assetBankOracles: [key("asset_oracle")],
      liabBankOracles: [key("liab_oracle")],
      liquidatorRiskAccounts: [reader(key("l1")), reader(key("l2")), reader(key("l3")), reader(key("l4"))],
      liquidateeRiskAccounts: risk,
      tokenProgram: key("token_program"),
    }),
    args: { asset_amount: 1_000n, liquidatee_accounts: 2, liquidator_accounts: 4 },
    remaining: [
      reader(key("asset_oracle")),
      reader(key("liab_oracle")),
      reader(key("l1")),
      reader(key("l2")),
      reader(key("l3")),
      reader(key("l4")),
      ...risk,
    ],
  },
  marginfi_account_init_liq_record: {
    ix: initLiquidationRecordInstruction({ marginfiAccount: key("marginfi_account"), feePayer: key("fee_payer") }),
  },
  start_liquidation: {
    ix: startLiquidationInstruction({
      marginfiAccount: key("marginfi_account"),
      liquidationReceiver: key("liquidation_receiver"),
      riskAccounts: risk,
    }),
    remaining: risk,
  },
  end_liquidation: {
    ix: endLiquidationInstruction({
      marginfiAccount: key("marginfi_account"),
      liquidationReceiver: key("liquidation_receiver"),
      globalFeeWallet: key("global_fee_wallet"),
      riskAccounts: risk,
    }),
    remaining: risk,
  },
  start_deleverage: {
    ix: startDeleverageInstruction({
      marginfiAccount: key("marginfi_account"),
      group: key("group"),
      riskAdmin: key("risk_admin"),
      riskAccounts: risk,
    }),
    remaining: risk,
  },
  end_deleverage: {
    ix: endDeleverageInstruction({
      marginfiAccount: key("marginfi_account"),
      group: key("group"),
      riskAdmin: key("risk_admin"),
      riskAccounts: risk,
    }),
    remaining: risk,
  },
  purge_deleverage_balance: {
    ix: purgeDeleverageBalanceInstruction({
      group: key("group"),
      marginfiAccount: key("marginfi_account"),
      riskAdmin: key("risk_admin"),
      bank: key("bank"),
    }),
  },
  lending_pool_handle_bankruptcy: {
    ix: handleBankruptcyInstruction({
      group: key("group"),
      signer: key("signer"),
      bank: key("bank"),
      marginfiAccount: key("marginfi_account"),
      riskAccounts: risk,
      tokenProgram: key("token_program"),
    }),
    remaining: risk,
  },
} satisfies Record<string, Case>;

describe("instruction builders", () => {
  it("cover every instruction in the IDL", () => {
    expect(Object.keys(CASES).sort()).toEqual(IDL.instructions.map((ix) => ix.name).sort());
  });

  describe.each(Object.entries<Case>(CASES))("%s", (name, { ix, args = {}, derived = {}, remaining = [] }) => {
    const idl = IDL.instructions.find((i) => i.name === name)!;
    const idlAccounts = idl.accounts as IdlAccount[];

    it("addresses the mainnet program", () => {
      expect(ix.programId.equals(MAINNET)).toBe(true);
    });

    it("encodes data Anchor decodes back to the arguments, byte for byte", () => {
      const decoded = coder.instruction.decode(ix.data);
      expect(decoded?.name).toBe(name);
      expect(plain(decoded!.data)).toEqual(args);
      expect(coder.instruction.encode(name, decoded!.data).equals(ix.data)).toBe(true);
    });

    it("lists the IDL's accounts in order with its flags, fixed addresses and PDAs, then the remaining accounts", () => {
      expect(ix.keys).toHaveLength(idlAccounts.length + remaining.length);
      const byName = new Map(idlAccounts.map((a, i) => [a.name, metaAt(ix, i).pubkey]));
      const decodedArgs = coder.instruction.decode(ix.data)!.data as Record<string, unknown>;
      idlAccounts.forEach((account, i) => {
        const meta = metaAt(ix, i);
        expect([meta.isSigner, meta.isWritable], account.name).toEqual([account.signer ?? false, account.writable ?? false]);
        let expected: PublicKey;
        if (account.address !== undefined) expected = new PublicKey(account.address);
        else if (account.pda !== undefined)
          expected = PublicKey.findProgramAddressSync(
            account.pda.seeds.map((s) => seedBytes(s, byName, decodedArgs)),
            MAINNET,
          )[0];
        else expected = derived[account.name] ?? key(account.name);
        expect(meta.pubkey.toBase58(), account.name).toBe(expected.toBase58());
      });
      expect(ix.keys.slice(idlAccounts.length)).toEqual(remaining);
    });
  });
});

describe("exact instruction data", () => {
  it("deposit: amount as u64 LE, then Some(true)", () => {
    expect(CASES.lending_account_deposit.ix.data).toEqual(
      Buffer.concat([sha8("lending_account_deposit"), u64le(1_000_000n), Buffer.from([1, 1])]),
    );
  });

  it("withdraw without withdraw_all: None", () => {
    const ix = withdrawInstruction({ ...bankAccounts, destinationTokenAccount: key("destination"), amount: 258n, riskAccounts: [] });
    expect(ix.data).toEqual(Buffer.concat([sha8("lending_account_withdraw"), Buffer.from([2, 1, 0, 0, 0, 0, 0, 0]), Buffer.from([0])]));
  });

  it("PDA account: u16 index, then Option<u16> third-party id", () => {
    expect(CASES.marginfi_account_initialize_pda.ix.data).toEqual(
      Buffer.concat([sha8("marginfi_account_initialize_pda"), Buffer.from([3, 0, 1, 7, 0])]),
    );
    expect(CASES.transfer_to_new_account_pda.ix.data).toEqual(Buffer.concat([sha8("transfer_to_new_account_pda"), Buffer.from([0, 0, 0])]));
  });

  it("liquidate: asset amount, then the liquidatee's and the liquidator's block lengths as u8", () => {
    expect(CASES.lending_account_liquidate.ix.data).toEqual(
      Buffer.concat([sha8("lending_account_liquidate"), u64le(1_000n), Buffer.from([2, 4])]),
    );
  });

  it("configure oracle: setup byte and key; fixed price: the I80F48 bits", () => {
    expect(CASES.lending_pool_configure_bank_oracle.ix.data).toEqual(
      Buffer.concat([sha8("lending_pool_configure_bank_oracle"), Buffer.from([3]), key("oracle").toBuffer()]),
    );
    // 1.5 × 2^48 = 0x0001_8000_0000_0000, little-endian in 16 bytes.
    const price = Buffer.alloc(16);
    price.writeBigUInt64LE(0x1_8000_0000_0000n);
    expect(CASES.lending_pool_set_fixed_oracle_price.ix.data).toEqual(Buffer.concat([sha8("lending_pool_set_fixed_oracle_price"), price]));
  });

  it("limits: Some(1), None, Some(u64::MAX)", () => {
    expect(CASES.lending_pool_configure_bank_limits_only.ix.data).toEqual(
      Buffer.concat([sha8("lending_pool_configure_bank_limits_only"), Buffer.from([1]), u64le(1n), Buffer.from([0, 1]), u64le(U64_MAX)]),
    );
  });

  it("add bank: BankConfigCompact is 231 bytes", () => {
    expect(CASES.lending_pool_add_bank.ix.data).toHaveLength(8 + 231);
  });
});

describe("builder options", () => {
  it("fee payers default to the authority or admin", () => {
    const ix = initializeAccountInstruction({ group: key("group"), marginfiAccount: key("marginfi_account"), authority: key("authority") });
    expect(metaAt(ix, 3)).toEqual({ pubkey: key("authority"), isSigner: true, isWritable: true });
    const close = closeAccountInstruction({ marginfiAccount: key("marginfi_account"), authority: key("authority") });
    expect(metaAt(close, 2).pubkey.equals(key("authority"))).toBe(true);
  });

  it("token programs default to SPL Token; Token-2022 puts the mint first in the remaining accounts", () => {
    const spl = depositInstruction({ ...bankAccounts, signerTokenAccount: key("source"), amount: 1n });
    expect(metaAt(spl, 6).pubkey.equals(TOKEN_PROGRAM_ID)).toBe(true);
    expect(spl.keys).toHaveLength(7);
    const token2022 = new PublicKey("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
    const t22 = borrowInstruction({
      ...bankAccounts,
      destinationTokenAccount: key("destination"),
      amount: 1n,
      riskAccounts: risk,
      tokenProgram: token2022,
      mint: key("mint"),
    });
    expect(t22.keys.slice(8)).toEqual([reader(key("mint")), ...risk]);
    expect(() => depositInstruction({ ...bankAccounts, signerTokenAccount: key("source"), amount: 1n, tokenProgram: token2022 })).toThrow(
      /mint/,
    );
  });

  it("another program id moves the instruction and its PDAs there", () => {
    const programId = key("devnet program");
    const ix = depositInstruction({ ...bankAccounts, signerTokenAccount: key("source"), amount: 1n, programId });
    expect(ix.programId.equals(programId)).toBe(true);
    const vault = PublicKey.findProgramAddressSync([Buffer.from("liquidity_vault"), key("bank").toBuffer()], programId)[0];
    expect(metaAt(ix, 5).pubkey.equals(vault)).toBe(true);
  });

  it("refuses amounts outside u64 and risk blocks longer than a u8 counts", () => {
    expect(() => depositInstruction({ ...bankAccounts, signerTokenAccount: key("source"), amount: -1n })).toThrow(RangeError);
    expect(() => depositInstruction({ ...bankAccounts, signerTokenAccount: key("source"), amount: 1n << 64n })).toThrow(RangeError);
    const many = Array.from({ length: 256 }, (_, i) => reader(key(`r${i}`)));
    expect(() =>
      liquidateInstruction({
        group: key("group"),
        assetBank: key("asset_bank"),
        liabBank: key("liab_bank"),
        liquidatorMarginfiAccount: key("a"),
        authority: key("authority"),
        liquidateeMarginfiAccount: key("b"),
        assetAmount: 1n,
        assetBankOracles: [],
        liabBankOracles: [],
        liquidatorRiskAccounts: many,
        liquidateeRiskAccounts: [],
      }),
    ).toThrow(RangeError);
  });

  it("refuses more than five rate points and ten e-mode entries", () => {
    expect(() =>
      configureBankInterestInstruction({
        group: key("group"),
        curveAdmin: key("admin"),
        bank: key("bank"),
        changes: { points: Array(6).fill(POINTS[0]) },
      }),
    ).toThrow(RangeError);
    const entry = { collateralBankEmodeTag: 1, flags: 0, assetWeightInit: fx("0.5") as I80F48, assetWeightMaint: fx("0.6") };
    expect(() =>
      configureBankEmodeInstruction({
        group: key("group"),
        emodeAdmin: key("admin"),
        bank: key("bank"),
        emodeTag: 1,
        entries: Array(11).fill(entry),
      }),
    ).toThrow(RangeError);
  });
});

describe("lendingInstruction", () => {
  const accounts = { marginfiAccount: key("marginfi_account"), authority: key("authority") };

  it("fills fixed addresses and appends remaining accounts", () => {
    const ix = lendingInstruction("lending_account_start_flashloan", {
      accounts,
      args: { endIndex: 2n },
      remainingAccounts: [reader(key("extra"))],
    });
    expect(ix.keys.map((k) => k.pubkey.toBase58())).toEqual([
      key("marginfi_account").toBase58(),
      key("authority").toBase58(),
      "Sysvar1nstructions1111111111111111111111111",
      key("extra").toBase58(),
    ]);
  });

  // What the IDL-driven builder refused at run time is a compile error against the instruction table.
  it("refuses unknown instructions, unknown, missing or fixed accounts, and missing or unknown arguments", () => {
    const build = (): unknown => [
      // @ts-expect-error: no instruction lending_account_deposit_all
      lendingInstruction("lending_account_deposit_all", { accounts: {} }),
      // @ts-expect-error: no account signer
      lendingInstruction("lending_account_end_flashloan", { accounts: { ...accounts, signer: key("x") } }),
      // @ts-expect-error: missing account authority
      lendingInstruction("lending_account_end_flashloan", { accounts: { marginfiAccount: key("marginfi_account") } }),
      // @ts-expect-error: ixsSysvar has a fixed address
      lendingInstruction("lending_account_start_flashloan", { accounts: { ...accounts, ixsSysvar: key("x") }, args: { endIndex: 2n } }),
      // @ts-expect-error: missing argument endIndex
      lendingInstruction("lending_account_start_flashloan", { accounts, args: {} }),
      // @ts-expect-error: no argument end_index
      lendingInstruction("lending_account_start_flashloan", { accounts, args: { endIndex: 2n, end_index: 2n } }),
    ];
    expect(typeof build).toBe("function");
  });
});
