import { PublicKey } from "@solana/web3.js";
import { SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type InstructionAccount, type InstructionContext } from "@ballast/ledger";
import { checkProgramAccount } from "./account-spec.js";
import { anchorFail } from "./errors.js";

/**
 * The checks Anchor runs on an instruction's accounts before its handler, with Anchor's errors, so failures read
 * exactly like those of a compiled Anchor program. `name` is the account's IDL name, used in error logs.
 */
export class AccountChecks {
  constructor(protected readonly ctx: InstructionContext) {}

  at(index: number): InstructionAccount {
    const account = this.ctx.accounts[index];
    if (!account) anchorFail("AccountNotEnoughKeys");
    return account;
  }

  signer(index: number, name: string): InstructionAccount {
    const account = this.at(index);
    if (!account.isSigner) anchorFail("AccountNotSigner", name);
    return account;
  }

  writable(account: InstructionAccount, name: string): InstructionAccount {
    if (!account.isWritable) anchorFail("ConstraintMut", name);
    return account;
  }

  /** An initialised account of this program carrying `discriminator`. */
  ownedAccount(index: number, name: string, discriminator: Buffer, options: { writable?: boolean } = {}): InstructionAccount {
    const account = this.at(index);
    checkProgramAccount(account, name, this.ctx.programId, discriminator);
    if (options.writable) this.writable(account, name);
    return account;
  }

  /** The account must sit at this program's address derived from `seeds`; returns the bump. */
  pda(account: InstructionAccount, name: string, seeds: readonly Uint8Array[]): number {
    const [address, bump] = PublicKey.findProgramAddressSync([...seeds], new PublicKey(this.ctx.programId));
    if (address.toBase58() !== account.key) anchorFail("ConstraintSeeds", name);
    return bump;
  }

  address(account: InstructionAccount, name: string, expected: string): InstructionAccount {
    if (account.key !== expected) anchorFail("ConstraintAddress", name);
    return account;
  }

  /**
   * Anchor's `init`: creates a rent-exempt account of `space` bytes owned by this program through the System
   * program, paid by `payer`, signing with `seeds` (bump included) when the account is a PDA, and writes the
   * discriminator. Returns the new account's data.
   */
  initAccount(
    payer: InstructionAccount,
    target: InstructionAccount,
    space: number,
    discriminator: Buffer,
    seeds: readonly Uint8Array[] | null,
  ): Buffer {
    const data = Buffer.alloc(52);
    data.writeUInt32LE(0, 0);
    data.writeBigUInt64LE(minimumBalanceForRentExemption(space), 4);
    data.writeBigUInt64LE(BigInt(space), 12);
    new PublicKey(this.ctx.programId).toBuffer().copy(data, 20);
    this.ctx.invoke(
      {
        programId: SYSTEM_PROGRAM_ID,
        accounts: [
          { pubkey: payer.key, isSigner: true, isWritable: true },
          { pubkey: target.key, isSigner: true, isWritable: true },
        ],
        data,
      },
      seeds ? [[...seeds]] : [],
    );
    discriminator.copy(target.account.data, 0);
    return target.account.data;
  }

  /** Anchor's `close = destination`: every lamport moves to `destination`, the data goes, the System program owns it. */
  close(target: InstructionAccount, destination: InstructionAccount): void {
    destination.account.lamports += target.account.lamports;
    target.account.lamports = 0n;
    target.account.data = Buffer.alloc(0);
    target.account.owner = SYSTEM_PROGRAM_ID;
  }
}
