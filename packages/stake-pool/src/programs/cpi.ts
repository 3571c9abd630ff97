// The instructions the pool program invokes: System account creation and transfers, SPL Token mint set-up and
// minting, and the stake program's two instructions. `seeds` (bump included) sign for the pool's PDAs.
import { PublicKey } from "@solana/web3.js";
import { SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID, type InstructionAccount, type InstructionContext } from "@ballast/ledger";
import { NATIVE_STAKE_PROGRAM_ID } from "../program-ids.js";
import { initializeDelegatedData, syncDelegationData } from "./native-stake.js";

type Seeds = readonly Uint8Array[];

const writableMeta = (account: InstructionAccount, isSigner = false) => ({ pubkey: account.key, isSigner, isWritable: true });
const readonlyMeta = (account: InstructionAccount, isSigner = false) => ({ pubkey: account.key, isSigner, isWritable: false });

/** System CreateAccount of `target`, a PDA signing with `seeds`, owned by `owner`. */
export function createAccount(
  ctx: InstructionContext,
  payer: InstructionAccount,
  target: InstructionAccount,
  lamports: bigint,
  space: number,
  owner: string,
  seeds: Seeds,
): void {
  const data = Buffer.alloc(52);
  data.writeUInt32LE(0, 0);
  data.writeBigUInt64LE(lamports, 4);
  data.writeBigUInt64LE(BigInt(space), 12);
  new PublicKey(owner).toBuffer().copy(data, 20);
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [writableMeta(payer, true), writableMeta(target, true)], data }, [seeds]);
}

/** System Transfer from a signing wallet. */
export function transferLamports(ctx: InstructionContext, from: InstructionAccount, to: InstructionAccount, lamports: bigint): void {
  const data = Buffer.alloc(12);
  data.writeUInt32LE(2, 0);
  data.writeBigUInt64LE(lamports, 4);
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [writableMeta(from, true), writableMeta(to)], data });
}

/** SPL Token InitializeMint2 with no freeze authority. */
export function initializeMint(ctx: InstructionContext, mint: InstructionAccount, decimals: number, mintAuthority: string): void {
  const data = Buffer.alloc(35);
  data[0] = 20;
  data[1] = decimals;
  new PublicKey(mintAuthority).toBuffer().copy(data, 2);
  ctx.invoke({ programId: TOKEN_PROGRAM_ID, accounts: [writableMeta(mint)], data });
}

/** SPL Token MintTo, the mint authority being a PDA signing with `seeds`. */
export function mintTo(
  ctx: InstructionContext,
  mint: InstructionAccount,
  destination: InstructionAccount,
  authority: InstructionAccount,
  amount: bigint,
  seeds: Seeds,
): void {
  const data = Buffer.alloc(9);
  data[0] = 7;
  data.writeBigUInt64LE(amount, 1);
  ctx.invoke(
    { programId: TOKEN_PROGRAM_ID, accounts: [writableMeta(mint), writableMeta(destination), readonlyMeta(authority, true)], data },
    [seeds],
  );
}

/** Stake initialize_delegated: `authority` becomes both staker and withdrawer. */
export function initializeDelegatedStake(
  ctx: InstructionContext,
  stake: InstructionAccount,
  voteAccount: InstructionAccount,
  authority: string,
): void {
  ctx.invoke({
    programId: NATIVE_STAKE_PROGRAM_ID,
    accounts: [writableMeta(stake), readonlyMeta(voteAccount)],
    data: initializeDelegatedData(authority, authority),
  });
}

/** Stake sync_delegation, the staker being a PDA signing with `seeds`. */
export function syncDelegation(ctx: InstructionContext, stake: InstructionAccount, staker: InstructionAccount, seeds: Seeds): void {
  ctx.invoke(
    { programId: NATIVE_STAKE_PROGRAM_ID, accounts: [writableMeta(stake), readonlyMeta(staker, true)], data: syncDelegationData() },
    [seeds],
  );
}
