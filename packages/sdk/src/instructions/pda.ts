// Program-derived addresses of the lending program (reference §5), and of the SPL single-pool program for staked banks.
import { PublicKey } from "@solana/web3.js";
import { DEFAULT_PROGRAM_ID } from "./program.js";

export const SINGLE_POOL_PROGRAM_ID = new PublicKey("SVSPxpvHdN29nkVg9rPapPNDddN5DipNLRUFhyjFThE");

/** The three token vaults every bank owns, each with its own signing authority. */
export type BankVault = "liquidity" | "insurance" | "fee";

const VAULT_SEEDS: Record<BankVault, { vault: string; authority: string }> = {
  liquidity: { vault: "liquidity_vault", authority: "liquidity_vault_auth" },
  insurance: { vault: "insurance_vault", authority: "insurance_vault_auth" },
  fee: { vault: "fee_vault", authority: "fee_vault_auth" },
};

const derive = (seeds: (Buffer | Uint8Array)[], programId: PublicKey) => PublicKey.findProgramAddressSync(seeds, programId)[0];
const text = (seed: string) => Buffer.from(seed, "utf8");

function u16le(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16LE(value);
  return out;
}

function u64le(value: bigint): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(value);
  return out;
}

/** The program-wide fee state. */
export function feeStateAddress(programId: PublicKey = DEFAULT_PROGRAM_ID): PublicKey {
  return derive([text("feestate")], programId);
}

export function bankVaultAddress(bank: PublicKey, vault: BankVault, programId: PublicKey = DEFAULT_PROGRAM_ID): PublicKey {
  return derive([text(VAULT_SEEDS[vault].vault), bank.toBuffer()], programId);
}

export function bankVaultAuthorityAddress(bank: PublicKey, vault: BankVault, programId: PublicKey = DEFAULT_PROGRAM_ID): PublicKey {
  return derive([text(VAULT_SEEDS[vault].authority), bank.toBuffer()], programId);
}

/** A bank created with a seed (add_bank_with_seed, staked banks) rather than a fresh keypair. */
export function bankAddressWithSeed(group: PublicKey, mint: PublicKey, seed: bigint, programId: PublicKey = DEFAULT_PROGRAM_ID): PublicKey {
  return derive([group.toBuffer(), mint.toBuffer(), u64le(seed)], programId);
}

export function emissionsAuthorityAddress(bank: PublicKey, emissionsMint: PublicKey, programId: PublicKey = DEFAULT_PROGRAM_ID): PublicKey {
  return derive([text("emissions_auth_seed"), bank.toBuffer(), emissionsMint.toBuffer()], programId);
}

/** The token account holding a bank's emissions. */
export function emissionsVaultAddress(bank: PublicKey, emissionsMint: PublicKey, programId: PublicKey = DEFAULT_PROGRAM_ID): PublicKey {
  return derive([text("emissions_token_account_seed"), bank.toBuffer(), emissionsMint.toBuffer()], programId);
}

/** A margin account created as a PDA of its authority; no third-party id derives like id 0. */
export function marginfiAccountAddress(
  group: PublicKey,
  authority: PublicKey,
  accountIndex: number,
  thirdPartyId: number = 0,
  programId: PublicKey = DEFAULT_PROGRAM_ID,
): PublicKey {
  return derive([text("marginfi_account"), group.toBuffer(), authority.toBuffer(), u16le(accountIndex), u16le(thirdPartyId)], programId);
}

export function liquidationRecordAddress(marginfiAccount: PublicKey, programId: PublicKey = DEFAULT_PROGRAM_ID): PublicKey {
  return derive([text("liq_record"), marginfiAccount.toBuffer()], programId);
}

export function stakedSettingsAddress(group: PublicKey, programId: PublicKey = DEFAULT_PROGRAM_ID): PublicKey {
  return derive([text("staked_settings"), group.toBuffer()], programId);
}

export function bankMetadataAddress(bank: PublicKey, programId: PublicKey = DEFAULT_PROGRAM_ID): PublicKey {
  return derive([text("metadata"), bank.toBuffer()], programId);
}

/** The LST mint of an SPL single-validator stake pool. */
export function singlePoolMintAddress(stakePool: PublicKey): PublicKey {
  return derive([text("mint"), stakePool.toBuffer()], SINGLE_POOL_PROGRAM_ID);
}

/** The stake account holding an SPL single-validator pool's SOL. */
export function singlePoolStakeAddress(stakePool: PublicKey): PublicKey {
  return derive([text("stake"), stakePool.toBuffer()], SINGLE_POOL_PROGRAM_ID);
}
