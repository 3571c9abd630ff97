// Instruction builders and checks for the account-flow tests: flash loans, account transfer, freeze, emissions
// destination and the panic pause. Builds on the shared TestMarket without changing it.
import { Keypair, PublicKey, SystemProgram, SYSVAR_INSTRUCTIONS_PUBKEY, type TransactionInstruction } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { decodeFeeState, decodeMarginfiGroup, type FeeState, type MarginfiGroup } from "../../src/index.js";
import { bool, none, option, u16, u64 } from "./borsh.js";
import { FEE_STATE, PROGRAM, ix, type SimulationResult, type TestBank, type TestMarket, type TestUser } from "./market.js";

/** transfer_to_new_account with the authority paying; `feeWallet` defaults to the market's global fee wallet. */
export function transferIx(
  market: TestMarket,
  user: TestUser,
  newAccount: PublicKey,
  newAuthority: PublicKey,
  feeWallet: PublicKey = market.feeWallet.publicKey,
): TransactionInstruction {
  return ix("transfer_to_new_account", [
    [market.group, false, false],
    [user.account, false, true],
    [newAccount, true, true],
    [user.wallet.publicKey, true, false],
    [user.wallet.publicKey, true, true],
    [newAuthority, false, false],
    [feeWallet, false, true],
    [SystemProgram.programId, false, false],
  ]);
}

/** The PDA a transfer_to_new_account_pda creates: ["marginfi_account", group, new authority, index, third-party id]. */
export function transferPda(market: TestMarket, newAuthority: PublicKey, index: number, thirdParty: number): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(
    [Buffer.from("marginfi_account"), market.group.toBuffer(), newAuthority.toBuffer(), u16(index), u16(thirdParty)],
    PROGRAM,
  );
}

export function transferPdaIx(
  market: TestMarket,
  user: TestUser,
  newAccount: PublicKey,
  newAuthority: PublicKey,
  index: number,
  thirdParty: number | null,
): TransactionInstruction {
  return ix(
    "transfer_to_new_account_pda",
    [
      [market.group, false, false],
      [user.account, false, true],
      [newAccount, false, true],
      [user.wallet.publicKey, true, false],
      [user.wallet.publicKey, true, true],
      [newAuthority, false, false],
      [market.feeWallet.publicKey, false, true],
      [SYSVAR_INSTRUCTIONS_PUBKEY, false, false],
      [SystemProgram.programId, false, false],
    ],
    [u16(index), option(thirdParty, u16)],
  );
}

export function closeAccountIx(user: TestUser): TransactionInstruction {
  return ix("marginfi_account_close", [
    [user.account, false, true],
    [user.wallet.publicKey, true, false],
    [user.wallet.publicKey, true, true],
  ]);
}

export function setFreezeIx(market: TestMarket, account: PublicKey, frozen: boolean, admin: PublicKey = market.admin.publicKey) {
  return ix(
    "marginfi_account_set_freeze",
    [
      [market.group, false, false],
      [account, false, true],
      [admin, true, false],
    ],
    [bool(frozen)],
  );
}

export function updateEmissionsDestinationIx(user: TestUser, destination: PublicKey, signer: PublicKey = user.wallet.publicKey) {
  return ix("marginfi_account_update_emissions_destination_account", [
    [user.account, false, true],
    [signer, true, false],
    [destination, false, false],
  ]);
}

/** A deposit into `user`'s account signed by `signer` from the signer's own token account. */
export function depositAsIx(market: TestMarket, user: TestUser, bank: TestBank, signer: PublicKey, source: PublicKey, amount: bigint) {
  return ix(
    "lending_account_deposit",
    [
      [market.group, false, true],
      [user.account, false, true],
      [signer, true, false],
      [bank.key, false, true],
      [source, false, true],
      [bank.vaults.liquidity, false, true],
      [TOKEN_PROGRAM_ID, false, false],
    ],
    [u64(amount), none],
  );
}

export function panicPauseIx(admin: PublicKey): TransactionInstruction {
  return ix("panic_pause", [
    [admin, true, false],
    [FEE_STATE, false, true],
  ]);
}

export function panicUnpauseIx(admin: PublicKey): TransactionInstruction {
  return ix("panic_unpause", [
    [admin, true, true],
    [FEE_STATE, false, true],
  ]);
}

export function panicUnpausePermissionlessIx(): TransactionInstruction {
  return ix("panic_unpause_permissionless", [[FEE_STATE, false, true]]);
}

export function propagateFeeStateIx(group: PublicKey): TransactionInstruction {
  return ix("propagate_fee_state", [
    [FEE_STATE, false, false],
    [group, false, true],
  ]);
}

export async function feeState(market: TestMarket): Promise<FeeState> {
  return decodeFeeState((await market.connection.getAccountInfo(FEE_STATE))!.data);
}

export async function group(market: TestMarket): Promise<MarginfiGroup> {
  return decodeMarginfiGroup((await market.connection.getAccountInfo(market.group))!.data);
}

export async function lamports(market: TestMarket, key: PublicKey): Promise<bigint> {
  return BigInt(await market.connection.getBalance(key, "confirmed"));
}

/** TestMarket.expectError for a failure in instruction `index` rather than the last one. */
export function expectErrorAt(
  market: TestMarket,
  instructions: TransactionInstruction[],
  signers: Keypair[],
  index: number,
  code: number,
  name: string,
  message: string,
): Promise<SimulationResult> {
  return market.expectError(instructions, signers, code, name, message, index);
}
