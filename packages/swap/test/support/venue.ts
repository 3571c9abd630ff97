// A ledger with the pool and router programs, test mints and funded token accounts, pools with liquidity, and a
// way to land a transaction that fails on chain (preflight skipped) to see what it left behind.
import { Connection, Keypair, PublicKey, Transaction, type TransactionInstruction } from "@solana/web3.js";
import { createMint, getAccount, getOrCreateAssociatedTokenAccount, mintTo } from "@solana/spl-token";
import { startLocalnet, type Localnet, type Program } from "@ballast/ledger";
import { land } from "../../../ledger/test/support/localnet.js";
import {
  depositLiquidityInstruction,
  initialLiquidity,
  initializePoolInstruction,
  poolAddresses,
  type CurveKind,
  type PoolAddresses,
} from "../../src/index.js";

export const SOL = 1_000_000_000n;

export interface Venue {
  net: Localnet;
  connection: Connection;
  /** Pays for everything and is every test mint's authority. */
  payer: Keypair;
}

export async function startVenue(programs: Program[]): Promise<Venue> {
  const net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50, programs });
  const connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  const payer = Keypair.generate();
  await net.ledger.requestAirdrop(payer.publicKey.toBase58(), 1_000n * SOL);
  return { net, connection, payer };
}

export async function newWallet(venue: Venue): Promise<Keypair> {
  const wallet = Keypair.generate();
  await venue.net.ledger.requestAirdrop(wallet.publicKey.toBase58(), 10n * SOL);
  return wallet;
}

export function newMint(venue: Venue, decimals: number): Promise<PublicKey> {
  return createMint(venue.connection, venue.payer, venue.payer.publicKey, null, decimals);
}

/** The owner's associated token account of `mint` (created if need be), topped up by `amount`. */
export async function tokenAccountWith(venue: Venue, mint: PublicKey, owner: PublicKey, amount: bigint): Promise<PublicKey> {
  const { address: account } = await getOrCreateAssociatedTokenAccount(venue.connection, venue.payer, mint, owner);
  if (amount > 0n) await mintTo(venue.connection, venue.payer, mint, account, venue.payer, amount);
  return account;
}

export async function balance(venue: Venue, account: PublicKey): Promise<bigint> {
  return (await getAccount(venue.connection, account)).amount;
}

/** The balances of `accounts`, one per account (a tuple for a tuple). */
export async function balances<const T extends readonly PublicKey[]>(
  venue: Venue,
  accounts: T,
): Promise<{ -readonly [K in keyof T]: bigint }> {
  return (await Promise.all(accounts.map((account) => balance(venue, account)))) as { -readonly [K in keyof T]: bigint };
}

/** A pool of `mintA`/`mintB` seeded by the payer with `amountA`/`amountB`, the payer holding its LP tokens. */
export async function seededPool(
  venue: Venue,
  params: { mintA: PublicKey; mintB: PublicKey; curve: CurveKind; feeBps: number; amplification: bigint; amountA: bigint; amountB: bigint },
): Promise<PoolAddresses & { payerLp: PublicKey }> {
  const { payer } = venue;
  const pool = poolAddresses(params.mintA, params.mintB, params.curve);
  await land(venue.connection, initializePoolInstruction({ payer: payer.publicKey, ...params }), [payer]);
  const payerLp = await tokenAccountWith(venue, pool.lpMint, payer.publicKey, 0n);
  const payerA = await tokenAccountWith(venue, params.mintA, payer.publicKey, params.amountA);
  const payerB = await tokenAccountWith(venue, params.mintB, payer.publicKey, params.amountB);
  const deposit = depositLiquidityInstruction({
    pool,
    depositor: payer.publicKey,
    depositorTokenA: payerA,
    depositorTokenB: payerB,
    depositorLp: payerLp,
    lpAmount: initialLiquidity(params.amountA, params.amountB).minted,
    maximumAmountA: params.amountA,
    maximumAmountB: params.amountB,
  });
  await land(venue.connection, deposit, [payer]);
  return { ...pool, payerLp };
}

/** Lands a transaction without preflight and returns its on-chain error and logs. */
export async function landFailing(
  venue: Venue,
  instructions: TransactionInstruction[],
  signers: Keypair[],
): Promise<{ err: unknown; logs: string[] }> {
  const tx = new Transaction().add(...instructions);
  const signature = await venue.connection.sendTransaction(tx, signers, { skipPreflight: true });
  await venue.connection.confirmTransaction(signature, "confirmed");
  const landed = await venue.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  if (!landed?.meta) throw new Error(`transaction ${signature} not found`);
  return { err: landed.meta.err, logs: landed.meta.logMessages ?? [] };
}
