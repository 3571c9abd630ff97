// The lending program's account kinds for instruction account declarations: its own accounts by layout (data
// branded by the layout), the token accounts and mints Anchor's InterfaceAccount loads, and the programs it calls.
import { custom, program, programAccount, type MutOption } from "@ballast/anchor";
import { SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { BankLayout } from "../state/bank.js";
import { BankMetadataLayout } from "../state/bank-metadata.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { LiquidationRecordLayout } from "../state/liquidation-record.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";
import { StakedSettingsLayout } from "../state/staked-settings.js";
import { TOKEN_2022_PROGRAM_ID, loadMint } from "./bank-vaults.js";
import { loadTokenAccount } from "./pool-accounts.js";

export const groupAccount = (options?: MutOption) => programAccount(MarginfiGroupLayout, options);
export const bankAccount = (options?: MutOption) => programAccount(BankLayout, options);
export const marginfiAccount = (options?: MutOption) => programAccount(MarginfiAccountLayout, options);
export const feeStateAccount = (options?: MutOption) => programAccount(FeeStateLayout, options);
export const stakedSettingsAccount = (options?: MutOption) => programAccount(StakedSettingsLayout, options);
export const bankMetadataAccount = (options?: MutOption) => programAccount(BankMetadataLayout, options);
export const liquidationRecordAccount = (options?: MutOption) => programAccount(LiquidationRecordLayout, options);

/** `InterfaceAccount<TokenAccount>`: the token account as it was when the instruction's accounts loaded. */
export const tokenAccount = (options?: MutOption) => custom((account, name) => ({ token: loadTokenAccount(account, name) }), options);

/** `InterfaceAccount<Mint>`. */
export const mintAccount = (options?: MutOption) => custom((account, name) => ({ mint: loadMint(account, name) }), options);

/** `Interface<TokenInterface>`: SPL Token or Token-2022. */
export const tokenProgram = () => program([TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]);

/** `Program<System>`. */
export const systemProgram = () => program([SYSTEM_PROGRAM_ID]);
