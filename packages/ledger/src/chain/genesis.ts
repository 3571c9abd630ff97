// What a ledger holds from its first slot: a genesis hash and a funded faucet written once to a new store, and the
// accounts every cluster has from genesis (programs, wrapped SOL's mint, the tip accounts), added on every start so a
// program added in a new version appears on an old ledger too.
import { Keypair } from "@solana/web3.js";
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

/** The genesis accounts the ledger does not hold yet (`exists` says which it does). */
export function missingGenesisAccounts(programs: Iterable<Program>, exists: (address: Address) => boolean): Map<Address, Account> {
  const writes = new Map<Address, Account>();
  for (const program of programs) {
    if (exists(program.id)) continue;
    writes.set(program.id, {
      lamports: program.builtin ? 1n : minimumBalanceForRentExemption(36),
      data: program.builtin ? Buffer.alloc(0) : Buffer.alloc(36),
      owner: program.builtin ? "NativeLoader1111111111111111111111111111111" : "BPFLoaderUpgradeab1e11111111111111111111111",
      executable: true,
      rentEpoch: RENT_EXEMPT_EPOCH,
    });
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
