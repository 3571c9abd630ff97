// A minimal caller program for the CPI tests: it forwards its instruction data to the program in its first account,
// passing the remaining accounts on, with its PDA ["owner"] signing wherever that PDA appears. This is how the
// lending program drives the market for its Kamino banks.
import { Keypair, PublicKey, TransactionInstruction } from "@solana/web3.js";
import type { Program } from "@ballast/ledger";

export const PROXY_PROGRAM_ID = Keypair.generate().publicKey;
const SEED = Buffer.from("owner");

export const [PROXY_OWNER, PROXY_OWNER_BUMP] = PublicKey.findProgramAddressSync([SEED], PROXY_PROGRAM_ID);

export function proxyProgram(): Program {
  const owner = PROXY_OWNER.toBase58();
  return {
    id: PROXY_PROGRAM_ID.toBase58(),
    builtin: false,
    execute(ctx) {
      ctx.consume(1_000);
      const [target, ...rest] = ctx.accounts;
      if (!target) throw new Error("the proxy's first account is the program it calls");
      ctx.invoke(
        {
          programId: target.key,
          accounts: rest.map((a) => ({ pubkey: a.key, isSigner: a.isSigner || a.key === owner, isWritable: a.isWritable })),
          data: ctx.data,
        },
        [[SEED, Uint8Array.of(PROXY_OWNER_BUMP)]],
      );
    },
  };
}

/** `ix` sent through the proxy: the PDA is no signer of the transaction, the proxy signs for it. */
export function viaProxy(ix: TransactionInstruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: PROXY_PROGRAM_ID,
    keys: [
      { pubkey: ix.programId, isSigner: false, isWritable: false },
      ...ix.keys.map((k) => ({ ...k, isSigner: k.pubkey.equals(PROXY_OWNER) ? false : k.isSigner })),
    ],
    data: ix.data,
  });
}
