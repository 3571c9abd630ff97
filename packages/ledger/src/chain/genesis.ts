// What a ledger holds from its first slot: a genesis hash and a funded faucet written once to a new store, and the
// accounts every cluster has from genesis (programs, wrapped SOL's mint, the tip accounts), added on every start so a
// program added in a new version appears on an old ledger too. Programs other than builtins are deployed as the
// upgradeable loader deploys them: a Program account pointing at its ProgramData, which holds the upgrade authority
// (klend's init_global_config reads it).
import { Keypair, PublicKey } from "@solana/web3.js";
import { createHash, randomBytes } from "node:crypto";
import { RENT_EXEMPT_EPOCH, SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type Account, type Address } from "../account.js";
import { MINT_SIZE, NATIVE_MINT, TOKEN_PROGRAM_ID, nativeMintData } from "../programs/token/layout.js";
import type { Program } from "../runtime/program.js";
import type { LedgerStore } from "../storage/store.js";
import { base58ToBytes, encodeBase58 } from "../tx/base58.js";
import { TIP_ACCOUNTS } from "./bundles.js";
import { genesisSlot } from "./slots.js";

export const DEFAULT_FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;

export interface Genesis {
  readonly genesisHash: string;
  /** Signs airdrops; funded at genesis. */
  readonly faucet: Keypair;
}

/** The store's genesis, written first (a random hash, the faucet with `faucetLamports`, slot 0) on a new store. */
export function openGenesis(store: LedgerStore, faucetLamports: bigint, now: number): Genesis {
  let genesisHash = store.getMeta("genesis_hash");
  if (genesisHash === null) {
    genesisHash = encodeBase58(createHash("sha256").update("ballast genesis").update(randomBytes(32)).digest());
    const faucet = Keypair.generate();
    store.setMeta("genesis_hash", genesisHash);
    store.setMeta("faucet", encodeBase58(faucet.secretKey));
    store.commit({
      accounts: new Map([
        [
          faucet.publicKey.toBase58(),
          {
            lamports: faucetLamports,
            data: Buffer.alloc(0),
            owner: SYSTEM_PROGRAM_ID,
            executable: false,
            rentEpoch: RENT_EXEMPT_EPOCH,
          },
        ],
      ]),
      transactions: [],
      slots: [genesisSlot(genesisHash, now)],
    });
  }
  return { genesisHash, faucet: Keypair.fromSecretKey(base58ToBytes(store.getMeta("faucet")!)) };
}

export const BPF_LOADER_UPGRADEABLE_ID = "BPFLoaderUpgradeab1e11111111111111111111111";
const NATIVE_LOADER_ID = "NativeLoader1111111111111111111111111111111";

// bincode UpgradeableLoaderState: a u32 variant index, then Program { programdata_address } or
// ProgramData { slot: u64, upgrade_authority_address: Option<Pubkey> } (followed by the program's bytes on a cluster).
const PROGRAM_STATE = 2;
const PROGRAM_DATA_STATE = 3;
const PROGRAM_ACCOUNT_SIZE = 36;
const PROGRAM_DATA_HEADER_SIZE = 45;

/** The loader's PDA [program id] holding an upgradeable program's ProgramData. */
export function programDataAddress(programId: Address): Address {
  const loader = new PublicKey(BPF_LOADER_UPGRADEABLE_ID);
  return PublicKey.findProgramAddressSync([new PublicKey(programId).toBuffer()], loader)[0].toBase58();
}

function programAccountData(programData: Address): Buffer {
  const data = Buffer.alloc(PROGRAM_ACCOUNT_SIZE);
  data.writeUInt32LE(PROGRAM_STATE, 0);
  new PublicKey(programData).toBuffer().copy(data, 4);
  return data;
}

function programDataHeader(upgradeAuthority: Address | null): Buffer {
  const data = Buffer.alloc(PROGRAM_DATA_HEADER_SIZE);
  data.writeUInt32LE(PROGRAM_DATA_STATE, 0);
  if (upgradeAuthority !== null) {
    data[12] = 1;
    new PublicKey(upgradeAuthority).toBuffer().copy(data, 13);
  }
  return data;
}

/**
 * The genesis accounts the ledger does not hold yet (`existing` reads what it does). `upgradeAuthority` goes into
 * the ProgramData of each upgradeable program written now (null: not upgradeable); an existing ProgramData is kept.
 * A Program account from before ProgramData existed (all zeros) is rewritten to point at its ProgramData.
 */
export function missingGenesisAccounts(
  programs: Iterable<Program>,
  existing: (address: Address) => Account | undefined,
  upgradeAuthority: Address | null,
): Map<Address, Account> {
  const writes = new Map<Address, Account>();
  const exists = (address: Address) => existing(address) !== undefined;
  for (const program of programs) {
    if (program.builtin) {
      if (!exists(program.id)) {
        writes.set(program.id, {
          lamports: 1n,
          data: Buffer.alloc(0),
          owner: NATIVE_LOADER_ID,
          executable: true,
          rentEpoch: RENT_EXEMPT_EPOCH,
        });
      }
      continue;
    }
    const programData = programDataAddress(program.id);
    const data = programAccountData(programData);
    if (!existing(program.id)?.data.equals(data)) {
      writes.set(program.id, {
        lamports: minimumBalanceForRentExemption(PROGRAM_ACCOUNT_SIZE),
        data,
        owner: BPF_LOADER_UPGRADEABLE_ID,
        executable: true,
        rentEpoch: RENT_EXEMPT_EPOCH,
      });
    }
    if (!exists(programData)) {
      writes.set(programData, {
        lamports: minimumBalanceForRentExemption(PROGRAM_DATA_HEADER_SIZE),
        data: programDataHeader(upgradeAuthority),
        owner: BPF_LOADER_UPGRADEABLE_ID,
        executable: false,
        rentEpoch: RENT_EXEMPT_EPOCH,
      });
    }
  }
  if (!exists(NATIVE_MINT)) {
    // Wrapped SOL's mint exists from genesis, as on every Solana cluster.
    writes.set(NATIVE_MINT, {
      lamports: minimumBalanceForRentExemption(MINT_SIZE),
      data: nativeMintData(),
      owner: TOKEN_PROGRAM_ID,
      executable: false,
      rentEpoch: RENT_EXEMPT_EPOCH,
    });
  }
  for (const tip of TIP_ACCOUNTS) {
    if (exists(tip)) continue;
    writes.set(tip, {
      lamports: minimumBalanceForRentExemption(0),
      data: Buffer.alloc(0),
      owner: SYSTEM_PROGRAM_ID,
      executable: false,
      rentEpoch: RENT_EXEMPT_EPOCH,
    });
  }
  return writes;
}
