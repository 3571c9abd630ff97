/** Addresses are base58 strings everywhere inside the ledger: cheap map keys, the RPC's own spelling. */
export type Address = string;

export const SYSTEM_PROGRAM_ID: Address = "11111111111111111111111111111111";

/** An account as the runtime stores it. Programs mutate these fields in place; the runtime checks the rules. */
export interface Account {
  lamports: bigint;
  data: Buffer;
  owner: Address;
  executable: boolean;
  rentEpoch: bigint;
}

export function emptyAccount(): Account {
  return { lamports: 0n, data: Buffer.alloc(0), owner: SYSTEM_PROGRAM_ID, executable: false, rentEpoch: RENT_EXEMPT_EPOCH };
}

export function cloneAccount(a: Account): Account {
  return { lamports: a.lamports, data: Buffer.from(a.data), owner: a.owner, executable: a.executable, rentEpoch: a.rentEpoch };
}

/** Solana's Rent sysvar defaults: 3480 lamports per byte-year, exempt after two years, 128 bytes of overhead. */
export const RENT = {
  lamportsPerByteYear: 3480n,
  exemptionThreshold: 2,
  burnPercent: 50,
  accountStorageOverhead: 128n,
} as const;

export function minimumBalanceForRentExemption(dataLength: number): bigint {
  return (RENT.accountStorageOverhead + BigInt(dataLength)) * RENT.lamportsPerByteYear * 2n;
}

export function isRentExempt(a: Account): boolean {
  return a.lamports >= minimumBalanceForRentExemption(a.data.length);
}

/** Largest account Solana allows, and the most one instruction may grow an account by. */
export const MAX_PERMITTED_DATA_LENGTH = 10 * 1024 * 1024;
export const MAX_PERMITTED_DATA_INCREASE = 10 * 1024;

/** Solana marks accounts that can never owe rent with rent epoch u64::MAX, and the RPC shows that value. */
export const RENT_EXEMPT_EPOCH = 0xffff_ffff_ffff_ffffn;
