// Instruction builders for emissions, e-mode, staked settings, curve migration and bank metadata, on top of the
// shared TestMarket.
import { Keypair, PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID, getOrCreateAssociatedTokenAccount, mintTo } from "@solana/spl-token";
import { BankLayout, InterestCurveType, i80f48, type I80F48 } from "../../src/index.js";
import { fixed, option, u16, u32, u64, u8 } from "./borsh.js";
import { PROGRAM, ix, type TestBank, type TestMarket, type TestUser } from "./market.js";

export const pda = (seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, PROGRAM)[0];

export function emissionsVault(bank: TestBank, mint: PublicKey): PublicKey {
  return pda([Buffer.from("emissions_token_account_seed"), bank.key.toBuffer(), mint.toBuffer()]);
}

export function emissionsAuthority(bank: TestBank, mint: PublicKey): PublicKey {
  return pda([Buffer.from("emissions_auth_seed"), bank.key.toBuffer(), mint.toBuffer()]);
}

export const stakedSettingsKey = (group: PublicKey) => pda([Buffer.from("staked_settings"), group.toBuffer()]);
export const bankMetadataKey = (bank: TestBank) => pda([Buffer.from("metadata"), bank.key.toBuffer()]);

/** The group's delegated admins, each its own funded keypair. */
export interface GroupAdmins {
  emode: Keypair;
  emissions: Keypair;
  metadata: Keypair;
}

/** marginfi_group_configure keeping the admin and default leverage caps, handing out the delegated roles. */
export async function appointAdmins(market: TestMarket): Promise<GroupAdmins> {
  const admins = { emode: Keypair.generate(), emissions: Keypair.generate(), metadata: Keypair.generate() };
  for (const k of Object.values(admins)) await market.airdrop(k.publicKey, 10_000_000_000n);
  const keep = market.admin.publicKey.toBuffer();
  await market.send(
    ix(
      "marginfi_group_configure",
      [
        [market.group, false, true],
        [market.admin.publicKey, true, false],
      ],
      [
        keep,
        admins.emode.publicKey.toBuffer(),
        keep,
        keep,
        admins.emissions.publicKey.toBuffer(),
        admins.metadata.publicKey.toBuffer(),
        keep,
        option(null, fixed),
        option(null, fixed),
      ],
    ),
    [market.admin],
  );
  return admins;
}

/** The owner's associated token account for `mint`, created if needed and topped up with `amount` from the mint authority. */
export async function mintTokens(market: TestMarket, mint: PublicKey, owner: PublicKey, amount: bigint): Promise<PublicKey> {
  market.ledger.warpToTime(market.now());
  const ata = await getOrCreateAssociatedTokenAccount(market.connection, market.admin, mint, owner, true);
  if (amount > 0n) {
    market.ledger.warpToTime(market.now());
    await mintTo(market.connection, market.admin, mint, ata.address, market.admin, amount);
  }
  return ata.address;
}

// ---- emissions -------------------------------------------------------------------------------------------

export function setupEmissionsIx(
  market: TestMarket,
  bank: TestBank,
  admin: PublicKey,
  mint: PublicKey,
  funding: PublicKey,
  args: { flags: bigint; rate: bigint; total: bigint },
): TransactionInstruction {
  return ix(
    "lending_pool_setup_emissions",
    [
      [market.group, false, false],
      [admin, true, true],
      [bank.key, false, true],
      [mint, false, false],
      [emissionsAuthority(bank, mint), false, false],
      [emissionsVault(bank, mint), false, true],
      [funding, false, true],
      [TOKEN_PROGRAM_ID, false, false],
      [SystemProgram.programId, false, false],
    ],
    [u64(args.flags), u64(args.rate), u64(args.total)],
  );
}

export function updateEmissionsIx(
  market: TestMarket,
  bank: TestBank,
  admin: PublicKey,
  mint: PublicKey,
  funding: PublicKey,
  args: { flags?: bigint; rate?: bigint; additional?: bigint },
): TransactionInstruction {
  return ix(
    "lending_pool_update_emissions_parameters",
    [
      [market.group, false, false],
      [admin, true, true],
      [bank.key, false, true],
      [mint, false, false],
      [emissionsVault(bank, mint), false, true],
      [funding, false, true],
      [TOKEN_PROGRAM_ID, false, false],
    ],
    [option(args.flags, u64), option(args.rate, u64), option(args.additional, u64)],
  );
}

export function settleEmissionsIx(user: TestUser, bank: TestBank): TransactionInstruction {
  return ix("lending_account_settle_emissions", [
    [user.account, false, true],
    [bank.key, false, true],
  ]);
}

export function withdrawEmissionsIx(
  market: TestMarket,
  user: TestUser,
  bank: TestBank,
  mint: PublicKey,
  destination: PublicKey,
): TransactionInstruction {
  return ix("lending_account_withdraw_emissions", [
    [market.group, false, false],
    [user.account, false, true],
    [user.wallet.publicKey, true, false],
    [bank.key, false, true],
    [mint, false, false],
    [emissionsAuthority(bank, mint), false, false],
    [emissionsVault(bank, mint), false, true],
    [destination, false, true],
    [TOKEN_PROGRAM_ID, false, false],
  ]);
}

export function withdrawEmissionsPermissionlessIx(
  market: TestMarket,
  user: TestUser,
  bank: TestBank,
  mint: PublicKey,
  destination: PublicKey,
): TransactionInstruction {
  return ix("lending_account_withdraw_emissions_permissionless", [
    [market.group, false, false],
    [user.account, false, true],
    [bank.key, false, true],
    [mint, false, false],
    [emissionsAuthority(bank, mint), false, false],
    [emissionsVault(bank, mint), false, true],
    [destination, false, true],
    [TOKEN_PROGRAM_ID, false, false],
  ]);
}

export function updateEmissionsDestinationIx(user: TestUser, wallet: PublicKey): TransactionInstruction {
  return ix("marginfi_account_update_emissions_destination_account", [
    [user.account, false, true],
    [user.wallet.publicKey, true, false],
    [wallet, false, false],
  ]);
}

/** Emission units for `seconds` of `amount` native tokens: seconds × (amount / 10^decimals) / year × rate (§17). */
export function emissionsFor(seconds: bigint, amount: I80F48, decimals: number, rate: bigint): I80F48 {
  const ui = i80f48.div(amount, i80f48.fromInt(10n ** BigInt(decimals)));
  return i80f48.mul(i80f48.div(i80f48.mul(i80f48.fromInt(seconds), ui), i80f48.fromInt(31_536_000)), i80f48.fromInt(rate));
}

// ---- e-mode ----------------------------------------------------------------------------------------------

export interface EntrySpec {
  tag: number;
  init: string;
  maint: string;
  flags?: number;
}

/** The ten EmodeEntry arguments (40 bytes each), unused slots empty. */
export function encodeEmodeEntries(entries: EntrySpec[]): Buffer {
  const empty: EntrySpec = { tag: 0, init: "0", maint: "0" };
  const all = [...entries, ...Array.from({ length: 10 - entries.length }, () => empty)];
  return Buffer.concat(all.map((e) => Buffer.concat([u16(e.tag), u8(e.flags ?? 0), Buffer.alloc(5), fixed(e.init), fixed(e.maint)])));
}

export function configureEmodeIx(
  market: TestMarket,
  bank: TestBank,
  signer: PublicKey,
  tag: number,
  entries: EntrySpec[] | Buffer,
): TransactionInstruction {
  return ix(
    "lending_pool_configure_bank_emode",
    [
      [market.group, false, false],
      [signer, true, false],
      [bank.key, false, true],
    ],
    [u16(tag), Buffer.isBuffer(entries) ? entries : encodeEmodeEntries(entries)],
  );
}

export function cloneEmodeIx(market: TestMarket, signer: PublicKey, from: TestBank, to: TestBank): TransactionInstruction {
  return ix("lending_pool_clone_emode", [
    [market.group, false, false],
    [signer, true, false],
    [from.key, false, false],
    [to.key, false, true],
  ]);
}

// ---- staked settings -------------------------------------------------------------------------------------

export interface StakedSettingsSpec {
  oracle: PublicKey;
  assetWeightInit: string;
  assetWeightMaint: string;
  depositLimit: bigint;
  totalAssetValueInitLimit: bigint;
  oracleMaxAge: number;
  riskTier: number;
}

export function initStakedSettingsIx(
  market: TestMarket,
  admin: PublicKey,
  payer: PublicKey,
  s: StakedSettingsSpec,
): TransactionInstruction {
  return ix(
    "init_staked_settings",
    [
      [market.group, false, false],
      [admin, true, false],
      [payer, true, true],
      [stakedSettingsKey(market.group), false, true],
      [SystemProgram.programId, false, false],
    ],
    [
      s.oracle.toBuffer(),
      fixed(s.assetWeightInit),
      fixed(s.assetWeightMaint),
      u64(s.depositLimit),
      u64(s.totalAssetValueInitLimit),
      u16(s.oracleMaxAge),
      u8(s.riskTier),
    ],
  );
}

export function editStakedSettingsIx(market: TestMarket, admin: PublicKey, s: Partial<StakedSettingsSpec>): TransactionInstruction {
  return ix(
    "edit_staked_settings",
    [
      [market.group, false, false],
      [admin, true, false],
      [stakedSettingsKey(market.group), false, true],
    ],
    [
      option(s.oracle, (k) => k.toBuffer()),
      option(s.assetWeightInit, fixed),
      option(s.assetWeightMaint, fixed),
      option(s.depositLimit, u64),
      option(s.totalAssetValueInitLimit, u64),
      option(s.oracleMaxAge, u16),
      option(s.riskTier, u8),
    ],
  );
}

export function propagateStakedSettingsIx(market: TestMarket, bank: TestBank, oracles: PublicKey[] = []): TransactionInstruction {
  return ix("propagate_staked_settings", [
    [market.group, false, false],
    [stakedSettingsKey(market.group), false, false],
    [bank.key, false, true],
    ...oracles.map((o): [PublicKey, boolean, boolean] => [o, false, false]),
  ]);
}

// ---- interest curve and metadata -------------------------------------------------------------------------

export function migrateCurveIx(bank: TestBank): TransactionInstruction {
  return ix("migrate_curve", [[bank.key, false, true]]);
}

/**
 * Turns a bank back into one created before the seven-point curve existed (no instruction of 0.1.7a can): legacy
 * curve type with the three legacy fields, the seven-point fields zero. Written into the stored account directly.
 */
export function plantLegacyCurve(market: TestMarket, bank: TestBank, curve: { optimal: string; plateau: string; max: string }): void {
  const data = market.ledger.getAccount(bank.key.toBase58())!.data;
  const r = BankLayout.fields.config.fields.interestRateConfig.fields;
  r.optimalUtilizationRate.set(data, i80f48.fromDecimal(curve.optimal));
  r.plateauInterestRate.set(data, i80f48.fromDecimal(curve.plateau));
  r.maxInterestRate.set(data, i80f48.fromDecimal(curve.max));
  r.zeroUtilRate.set(data, 0);
  r.hundredUtilRate.set(data, 0);
  r.points.set(
    data,
    Array.from({ length: 5 }, () => ({ util: 0, rate: 0 })),
  );
  r.curveType.set(data, InterestCurveType.Legacy);
}

export function initBankMetadataIx(bank: TestBank, payer: PublicKey): TransactionInstruction {
  return ix("init_bank_metadata", [
    [bank.key, false, false],
    [payer, true, true],
    [bankMetadataKey(bank), false, true],
    [SystemProgram.programId, false, false],
  ]);
}

const bytesArg = (b: Buffer) => Buffer.concat([u32(b.length), b]);

export function writeBankMetadataIx(
  market: TestMarket,
  bank: TestBank,
  admin: PublicKey,
  text: { ticker?: Buffer; description?: Buffer },
): TransactionInstruction {
  return ix(
    "write_bank_metadata",
    [
      [market.group, false, false],
      [bank.key, false, false],
      [admin, true, true],
      [bankMetadataKey(bank), false, true],
    ],
    [option(text.ticker, bytesArg), option(text.description, bytesArg)],
  );
}
