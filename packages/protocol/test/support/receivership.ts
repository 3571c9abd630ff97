// Receivership liquidation instructions for the end-to-end tests (reference §13.2).
import { PublicKey, SystemProgram, SYSVAR_INSTRUCTIONS_PUBKEY, type TransactionInstruction } from "@solana/web3.js";
import { FEE_STATE, PROGRAM, ix, type TestMarket } from "./market.js";

type Meta = [PublicKey, boolean, boolean];

export function liquidationRecordAddress(account: PublicKey): PublicKey {
  return PublicKey.findProgramAddressSync([Buffer.from("liq_record"), account.toBuffer()], PROGRAM)[0];
}

export function initLiquidationRecordIx(account: PublicKey, payer: PublicKey): TransactionInstruction {
  return ix("marginfi_account_init_liq_record", [
    [account, false, true],
    [payer, true, true],
    [liquidationRecordAddress(account), false, true],
    [SystemProgram.programId, false, false],
  ]);
}

/** start_liquidation naming `receiver`; `risk` is the account's risk accounts before the liquidation. */
export function startLiquidationIx(account: PublicKey, receiver: PublicKey, risk: Meta[]): TransactionInstruction {
  return ix("start_liquidation", [
    [account, false, true],
    [liquidationRecordAddress(account), false, true],
    [receiver, false, false],
    [SYSVAR_INSTRUCTIONS_PUBKEY, false, false],
    ...risk,
  ]);
}

/** end_liquidation signed by the receiver; `risk` is the account's risk accounts after the liquidation. */
export function endLiquidationIx(market: TestMarket, account: PublicKey, receiver: PublicKey, risk: Meta[]): TransactionInstruction {
  return ix("end_liquidation", [
    [account, false, true],
    [liquidationRecordAddress(account), false, true],
    [receiver, true, true],
    [FEE_STATE, false, false],
    [market.feeWallet.publicKey, false, true],
    [SystemProgram.programId, false, false],
    ...risk,
  ]);
}
