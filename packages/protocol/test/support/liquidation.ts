// Instructions of classic liquidation and bankruptcy for the end-to-end tests, with the remaining-account layouts
// the program expects (reference §13.1, §14), and a way to fill a bank's insurance vault.
import { PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID, mintTo } from "@solana/spl-token";
import { ix, type Meta, type TestBank, type TestMarket, type TestUser } from "./market.js";
import { u64, u8 } from "./borsh.js";

function oracleMetas(bank: TestBank): Meta[] {
  return bank.oracle ? [[bank.oracle, false, false]] : [];
}

export interface Liquidation {
  liquidator: TestUser;
  liquidatee: TestUser;
  assetBank: TestBank;
  liabBank: TestBank;
  assetAmount: bigint;
  banks: TestBank[];
}

/**
 * lending_account_liquidate signed by the liquidator's wallet. Remaining: asset-bank oracles, liability-bank
 * oracles, the liquidator's risk accounts after the liquidation (both banks included), the liquidatee's.
 */
export async function liquidateIx(market: TestMarket, l: Liquidation): Promise<TransactionInstruction> {
  const liquidatorRisk = await market.riskAccounts(l.liquidator, l.banks, { add: [l.assetBank, l.liabBank] });
  const liquidateeRisk = await market.riskAccounts(l.liquidatee, l.banks);
  return liquidateWithRiskIx(market, l, liquidatorRisk, liquidateeRisk);
}

/** As `liquidateIx`, with both accounts' risk accounts already known. */
export function liquidateWithRiskIx(
  market: TestMarket,
  l: Omit<Liquidation, "banks">,
  liquidatorRisk: Meta[],
  liquidateeRisk: Meta[],
): TransactionInstruction {
  const vaults = l.liabBank.vaults;
  return ix(
    "lending_account_liquidate",
    [
      [market.group, false, false],
      [l.assetBank.key, false, true],
      [l.liabBank.key, false, true],
      [l.liquidator.account, false, true],
      [l.liquidator.wallet.publicKey, true, false],
      [l.liquidatee.account, false, true],
      [vaults.liquidityAuthority, false, false],
      [vaults.liquidity, false, true],
      [vaults.insurance, false, true],
      [TOKEN_PROGRAM_ID, false, false],
      ...oracleMetas(l.assetBank),
      ...oracleMetas(l.liabBank),
      ...liquidatorRisk,
      ...liquidateeRisk,
    ],
    [u64(l.assetAmount), u8(liquidateeRisk.length), u8(liquidatorRisk.length)],
  );
}

/** lending_pool_handle_bankruptcy for the account's debt in `bank`; remaining: the account's risk accounts. */
export async function handleBankruptcyIx(
  market: TestMarket,
  user: TestUser,
  bank: TestBank,
  banks: TestBank[],
  signer: PublicKey = market.admin.publicKey,
): Promise<TransactionInstruction> {
  return handleBankruptcyWithRiskIx(market, user, bank, await market.riskAccounts(user, banks), signer);
}

/** As `handleBankruptcyIx`, with the account's risk accounts already known. */
export function handleBankruptcyWithRiskIx(
  market: TestMarket,
  user: TestUser,
  bank: TestBank,
  risk: Meta[],
  signer: PublicKey = market.admin.publicKey,
): TransactionInstruction {
  return ix("lending_pool_handle_bankruptcy", [
    [market.group, false, false],
    [signer, true, false],
    [bank.key, false, true],
    [user.account, false, true],
    [bank.vaults.liquidity, false, true],
    [bank.vaults.insurance, false, true],
    [bank.vaults.insuranceAuthority, false, false],
    [TOKEN_PROGRAM_ID, false, false],
    ...risk,
  ]);
}

/** Mints straight into the bank's insurance vault (an SPL token account like any other). */
export async function fundInsurance(market: TestMarket, bank: TestBank, amount: bigint): Promise<void> {
  market.ledger.warpToTime(market.now());
  await mintTo(market.connection, market.admin, bank.mint, bank.vaults.insurance, market.admin, amount);
}
