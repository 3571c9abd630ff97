// What the sandbox's liquidator needs before it starts: SOL for fees, tokens for its backing (the faucet's grant),
// and the risk-admin role in every market, so it may settle bankruptcies as the operator of a real group would.
import { PublicKey, type Connection, type Keypair } from "@solana/web3.js";
import { decodeMarginfiGroup, u32ToBasis } from "@ballast/protocol";
import { configureGroupInstruction } from "@ballast/sdk";
import { createFaucet } from "./faucet.js";
import { airdrop, sendTransaction } from "./send.js";
import type { SandboxState } from "./state.js";

const LIQUIDATOR_MIN_LAMPORTS = 10n * 1_000_000_000n;
const LIQUIDATOR_AIRDROP_LAMPORTS = 100n * 1_000_000_000n;
/** Native USDC the wallet is topped up to: the backing of every market and some to spare. */
const LIQUIDATOR_USDC_TOP_UP = 1_000_000_000n;

export interface SandboxLiquidator {
  /** Per market, the program's own USDC bank: the liquidator's backing and where seized collateral is sold into. */
  readonly quoteBanks: string[];
}

async function usdcHeld(connection: Connection, owner: PublicKey, mint: string): Promise<bigint> {
  const accounts = await connection.getParsedTokenAccountsByOwner(owner, { mint: new PublicKey(mint) }, "confirmed");
  return accounts.value.reduce(
    (sum, a) => sum + BigInt((a.account.data.parsed as { info: { tokenAmount: { amount: string } } }).info.tokenAmount.amount),
    0n,
  );
}

/** Funds the liquidator's wallet and makes it every market's risk admin (kept across restarts; done once). */
export async function prepareSandboxLiquidator(
  connection: Connection,
  admin: Keypair,
  seeded: SandboxState,
  liquidator: PublicKey,
): Promise<SandboxLiquidator> {
  if (BigInt(await connection.getBalance(liquidator, "confirmed")) < LIQUIDATOR_MIN_LAMPORTS)
    await airdrop(connection, liquidator, LIQUIDATOR_AIRDROP_LAMPORTS);
  const usdc = seeded.tokens.find((t) => t.symbol === "USDC");
  if (usdc && (await usdcHeld(connection, liquidator, usdc.mint)) < LIQUIDATOR_USDC_TOP_UP)
    await createFaucet(connection, admin, seeded).fund(liquidator.toBase58());

  for (const { group } of seeded.markets) {
    const info = await connection.getAccountInfo(new PublicKey(group), "confirmed");
    if (!info) throw new Error(`group ${group} not found`);
    const g = decodeMarginfiGroup(info.data);
    if (g.riskAdmin === liquidator.toBase58() || g.admin !== admin.publicKey.toBase58()) continue;
    const key = (k: string) => new PublicKey(k);
    await sendTransaction(connection, admin, [
      configureGroupInstruction({
        group: new PublicKey(group),
        admin: admin.publicKey,
        newAdmin: key(g.admin),
        newEmodeAdmin: key(g.emodeAdmin),
        newCurveAdmin: key(g.delegateCurveAdmin),
        newLimitAdmin: key(g.delegateLimitAdmin),
        newEmissionsAdmin: key(g.delegateEmissionsAdmin),
        newMetadataAdmin: key(g.metadataAdmin),
        newRiskAdmin: liquidator,
        emodeMaxInitLeverage: u32ToBasis(g.emodeMaxInitLeverage),
        emodeMaxMaintLeverage: u32ToBasis(g.emodeMaxMaintLeverage),
        programId: new PublicKey(seeded.programId),
      }),
    ]);
  }
  const quoteBanks = seeded.markets.flatMap(({ group }) => {
    const bank = seeded.banks.find((b) => b.group === group && b.symbol === "USDC" && b.kaminoReserve === undefined);
    return bank ? [bank.address] : [];
  });
  return { quoteBanks };
}
