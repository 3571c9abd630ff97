import { PublicKey } from "@solana/web3.js";
import { SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type InstructionAccount, type InstructionContext } from "@ballast/ledger";
import type { AccountLayout } from "../layout/account.js";
import type { FieldTable } from "../layout/struct.js";
import { fail } from "./errors.js";

/**
 * The checks Anchor runs on an instruction's accounts before its handler, in the same order and with the same
 * errors, so failures look exactly like the public program's.
 */
export class AccountChecks {
  constructor(private readonly ctx: InstructionContext) {}

  /** The account at `index`, named as in the IDL for error messages. */
  at(index: number): InstructionAccount {
    const account = this.ctx.accounts[index];
    if (!account) fail("AccountNotEnoughKeys");
    return account;
  }

  signer(index: number, name: string): InstructionAccount {
    const account = this.at(index);
    if (!account.isSigner) fail("AccountNotSigner", name);
    return account;
  }

  writable(account: InstructionAccount, name: string): InstructionAccount {
    if (!account.isWritable) fail("ConstraintMut", name);
    return account;
  }

  /** An initialised account of this program with the layout's discriminator. */
  owned<F extends FieldTable>(
    index: number,
    name: string,
    layout: AccountLayout<F>,
    options: { writable?: boolean } = {},
  ): InstructionAccount {
    const account = this.at(index);
    const { data, owner, lamports } = account.account;
    if (lamports === 0n && data.length === 0 && owner === SYSTEM_PROGRAM_ID) fail("AccountNotInitialized", name);
    if (owner !== this.ctx.programId) fail("AccountOwnedByWrongProgram", name);
    if (data.length < 8) fail("AccountDiscriminatorNotFound", name);
    if (!data.subarray(0, 8).equals(layout.discriminator)) fail("AccountDiscriminatorMismatch", name);
    if (options.writable) this.writable(account, name);
    return account;
  }

  /** The account must sit at the program address derived from `seeds`; returns the bump. */
  pda(account: InstructionAccount, name: string, seeds: readonly Buffer[]): number {
    const [address, bump] = PublicKey.findProgramAddressSync([...seeds], new PublicKey(this.ctx.programId));
    if (address.toBase58() !== account.key) fail("ConstraintSeeds", name);
    return bump;
  }

  address(account: InstructionAccount, name: string, expected: string): InstructionAccount {
    if (account.key !== expected) fail("ConstraintAddress", name);
    return account;
  }

  /**
   * Anchor's `init`: creates a rent-exempt account of `space` bytes owned by this program through the System
   * program, paid by `payer`, signing with `seeds` when the account is a PDA, and writes the discriminator.
   */
  init<F extends FieldTable>(
    payer: InstructionAccount,
    target: InstructionAccount,
    layout: AccountLayout<F>,
    seeds: readonly Buffer[] | null,
  ): Buffer {
    const data = Buffer.alloc(20);
    data.writeUInt32LE(0, 0);
    data.writeBigUInt64LE(minimumBalanceForRentExemption(layout.space), 4);
    data.writeBigUInt64LE(BigInt(layout.space), 12);
    this.ctx.invoke(
      {
        programId: SYSTEM_PROGRAM_ID,
        accounts: [
          { pubkey: payer.key, isSigner: true, isWritable: true },
          { pubkey: target.key, isSigner: true, isWritable: true },
        ],
        data: Buffer.concat([data, new PublicKey(this.ctx.programId).toBuffer()]),
      },
      seeds ? [[...seeds]] : [],
    );
    layout.discriminator.copy(target.account.data, 0);
    return target.account.data;
  }
}
