// Sending the sandbox's own transactions (setup, funding): packed into as few transactions as fit, signed by the payer
// and whichever extra signers each one names, sent with preflight, and checked to have landed without error.
import { Transaction, type Connection, type PublicKey, type Keypair, type Signer, type TransactionInstruction } from "@solana/web3.js";
import { confirmSignature, packInstructions } from "@ballast/sdk";

function signsIn(instructions: readonly TransactionInstruction[], signer: Signer): boolean {
  return instructions.some((ix) => ix.keys.some((meta) => meta.isSigner && meta.pubkey.equals(signer.publicKey)));
}

/** The sandbox's own transactions land within a slot or two: check every 50 ms, for at most 10 s. */
const LANDING = { attempts: 200, intervalMs: 50, timeoutMs: 10_000 };

/** One transaction: the payer signs first; returns once the ledger reports it landed. */
export async function sendTransaction(
  connection: Connection,
  payer: Keypair,
  instructions: readonly TransactionInstruction[],
  signers: readonly Signer[] = [],
): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash("confirmed");
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...instructions);
  tx.sign(payer, ...signers.filter((s) => !s.publicKey.equals(payer.publicKey)));
  return landed(connection, await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" }));
}

/** Waits until the ledger reports the transaction at "processed" or better; fails if it failed or timed out. */
export async function landed(connection: Connection, signature: string): Promise<string> {
  await confirmSignature(connection, signature, { commitment: "processed", schedule: LANDING });
  return signature;
}

/** Lamports from the ledger's airdrop faucet. */
export async function airdrop(connection: Connection, to: PublicKey, lamports: bigint): Promise<string> {
  return landed(connection, await connection.requestAirdrop(to, Number(lamports)));
}

/** The instructions in order, packed into as few transactions as fit; each is signed by the signers it names. */
export async function sendPacked(
  connection: Connection,
  payer: Keypair,
  instructions: readonly TransactionInstruction[],
  signers: readonly Signer[] = [],
): Promise<string[]> {
  const signatures: string[] = [];
  for (const group of packInstructions([...instructions], { payer: payer.publicKey, version: "legacy" })) {
    signatures.push(
      await sendTransaction(
        connection,
        payer,
        group,
        signers.filter((s) => signsIn(group, s)),
      ),
    );
  }
  return signatures;
}
