// The market's account kinds for its instructions' account declarations, in Anchor's terms: the program's own
// accounts by layout (decoded, with a way to write them back), `zero` accounts the caller created, sysvars, the
// programs it calls, SPL mints and token accounts; and the constraints its declarations share (has_one, the market
// authority PDA with its stored bump, token::mint / token::authority, optional accounts).
import { PublicKey } from "@solana/web3.js";
import { anchorFail, checkProgramAccount, custom, program, unchecked, type DeclaredAccount, type MutOption } from "@ballast/anchor";
import { DISCRIMINATOR_SIZE, type AccountData, type AccountLayout, type FieldTable, type StructValue } from "@ballast/codec";
import {
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  decodeMint,
  decodeTokenAccount,
  tokenBaseState,
  minimumBalanceForRentExemption,
  type InstructionAccount,
  type InstructionContext,
  type Mint,
  type TokenAccount,
} from "@ballast/ledger";
import { marketAuthoritySeeds } from "../client/seeds.js";
import { fail } from "../errors.js";
import { encodeMarketAccountInto } from "../state/common.js";
import { LendingMarketLayout, type LendingMarket } from "../state/lending-market.js";
import { ObligationLayout } from "../state/obligation.js";
import {
  ReferrerStateLayout,
  ReferrerTokenStateLayout,
  SHORT_URL_DISCRIMINATOR,
  decodeShortUrl,
  type ShortUrl,
} from "../state/referrer.js";
import { ReserveLayout } from "../state/reserve.js";
import { UserMetadataLayout } from "../state/user-metadata.js";
import { GlobalConfigLayout, type GlobalConfig } from "../state/global-config.js";
import { BPF_LOADER_UPGRADEABLE_ID, decodeProgramDataHeader, type ProgramDataHeader } from "../state/program-data.js";

/** One of the program's accounts as a handler gets it: its typed data, the decoded state, and `save` to write it back. */
export interface MarketAccountView<N extends string, T> {
  readonly data: AccountData<N>;
  readonly state: T;
  /** Writes `state` back into the account's data in place (padding untouched). */
  save(): void;
}

/**
 * `AccountLoader<'info, T>` of this program: initialised, owned by the program, T's discriminator, then at least T's
 * size (AccountDidNotDeserialize), decoded as it loads.
 */
function marketAccount<F extends FieldTable, N extends string>(layout: AccountLayout<F, N>, options: MutOption) {
  return custom((account, name, programId) => marketAccountView(layout, account, name, programId), options);
}

function marketAccountView<F extends FieldTable, N extends string>(
  layout: AccountLayout<F, N>,
  account: InstructionAccount,
  name: string,
  programId: string,
): MarketAccountView<N, StructValue<F>> {
  checkProgramAccount(account, name, programId, layout.discriminator);
  if (account.account.data.length < layout.space) anchorFail("AccountDidNotDeserialize", name);
  const state = layout.struct.read(account.account.data, DISCRIMINATOR_SIZE);
  return {
    // Read through the live account, so a close or a reallocation shows.
    get data() {
      return account.account.data as AccountData<N>;
    },
    state,
    save() {
      encodeMarketAccountInto(layout, account.account.data, state);
    },
  };
}

export const lendingMarketAccount = (options: MutOption = {}) => marketAccount(LendingMarketLayout, options);
export const reserveAccount = (options: MutOption = {}) => marketAccount(ReserveLayout, options);
export const obligationAccount = (options: MutOption = {}) => marketAccount(ObligationLayout, options);
export const userMetadataAccount = (options: MutOption = {}) => marketAccount(UserMetadataLayout, options);
export const globalConfigAccount = (options: MutOption = {}) => marketAccount(GlobalConfigLayout, options);

/**
 * The global config as update_reserve_config reads it: decoded when it exists, null while the address is still an
 * empty system account (no global config initialised; see README "Global config").
 */
export function globalConfigIfInitialised() {
  return custom((account, name, programId): { readonly globalConfig: GlobalConfig | null } => {
    const { data, owner, lamports } = account.account;
    if (owner === SYSTEM_PROGRAM_ID && data.length === 0 && lamports === 0n) return { globalConfig: null };
    checkProgramAccount(account, name, programId, GlobalConfigLayout.discriminator);
    if (data.length < GlobalConfigLayout.space) anchorFail("AccountDidNotDeserialize", name);
    return { globalConfig: GlobalConfigLayout.struct.read(data, DISCRIMINATOR_SIZE) };
  });
}

/** `Account<ProgramData>`: an account of the upgradeable loader holding a ProgramData state. */
export function programDataAccount() {
  return custom((account, name): { readonly programData: ProgramDataHeader } => {
    const { data, owner, lamports } = account.account;
    if (owner === SYSTEM_PROGRAM_ID && lamports === 0n) anchorFail("AccountNotInitialized", name);
    if (owner !== BPF_LOADER_UPGRADEABLE_ID) anchorFail("AccountOwnedByWrongProgram", name);
    const programData = decodeProgramDataHeader(data);
    if (!programData) return anchorFail("AccountDidNotDeserialize", name);
    return { programData };
  });
}

/**
 * Anchor's `zero`: an account the caller created for this program, at least the layout's size, still without a
 * discriminator, writable and rent exempt; checked in that order as it loads.
 */
export function zeroAccount(layout: { readonly space: number }) {
  return custom(
    (account, name, programId) => {
      const { owner, data, lamports } = account.account;
      if (owner !== programId) anchorFail("AccountOwnedByWrongProgram", name);
      if (data.length < layout.space) anchorFail("AccountDidNotDeserialize", name);
      if (data.subarray(0, DISCRIMINATOR_SIZE).some((b) => b !== 0)) fail("AccountDiscriminatorAlreadySet", name);
      if (!account.isWritable) anchorFail("ConstraintMut", name);
      if (lamports < minimumBalanceForRentExemption(data.length)) fail("ConstraintRentExempt", name);
      return {};
    },
    { mut: "handler" },
  );
}

/** Anchor's `Sysvar<...>`: AccountSysvarMismatch unless the account is that sysvar. */
export function sysvar(id: string) {
  return custom((account, name) => {
    if (account.key !== id) fail("AccountSysvarMismatch", name);
    return {};
  });
}

/** `Program<System>`. */
export const systemProgram = () => program([SYSTEM_PROGRAM_ID]);

/** `Interface<TokenInterface>`: SPL Token or Token-2022. */
export const tokenProgram = () => program([TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]);

function isTokenProgramOwned(account: InstructionAccount): boolean {
  const owner = account.account.owner;
  return owner === TOKEN_PROGRAM_ID || owner === TOKEN_2022_PROGRAM_ID;
}

/** An `Option<...>` account: the caller passes the program's own id for none. */
export const optionalAccount = (options: MutOption = {}) => unchecked(options);

/** The optional account, or null when the caller passed none. */
export function present(ctx: InstructionContext, account: InstructionAccount): InstructionAccount | null {
  return account.key === ctx.programId ? null : account;
}

/** `InterfaceAccount<Mint>`: an initialised mint of either token program (Token-2022's extensions after its base). */
export function mintAccount() {
  return custom((account, name): { readonly mint: Mint } => {
    if (!isTokenProgramOwned(account)) anchorFail("AccountOwnedByWrongProgram", name);
    let mint: Mint;
    try {
      mint = decodeMint(tokenBaseState(account.account.owner, account.account.data, "mint"));
    } catch {
      return anchorFail("AccountDidNotDeserialize", name);
    }
    if (!mint.isInitialized) anchorFail("AccountDidNotDeserialize", name);
    return { mint };
  });
}

/** `InterfaceAccount<TokenAccount>`: an initialised token account of either token program, as it was when the accounts loaded. */
export function tokenAccount(options: MutOption = {}) {
  return custom((account, name): { readonly token: TokenAccount } => {
    if (!isTokenProgramOwned(account)) anchorFail("AccountOwnedByWrongProgram", name);
    let token: TokenAccount;
    try {
      token = decodeTokenAccount(tokenBaseState(account.account.owner, account.account.data, "account"));
    } catch {
      return anchorFail("AccountDidNotDeserialize", name);
    }
    if (token.state === 0) anchorFail("AccountDidNotDeserialize", name);
    return { token };
  }, options);
}

/** Anchor's `token::mint` and `token::authority` constraints, when given. */
export function checkTokenConstraints(
  account: DeclaredAccount & { readonly token: TokenAccount },
  constraints: { readonly mint?: string; readonly authority?: string },
): void {
  if (constraints.mint !== undefined && account.token.mint !== constraints.mint) fail("ConstraintTokenMint", account.name);
  if (constraints.authority !== undefined && account.token.owner !== constraints.authority) fail("ConstraintTokenOwner", account.name);
}

/** Anchor's `has_one`: the stored key must be the account's (ConstraintHasOne, logged against `on`). */
export function checkHasOne(on: DeclaredAccount, stored: string, account: DeclaredAccount): void {
  if (stored !== account.key) anchorFail("ConstraintHasOne", on.name);
}

/** Anchor's `seeds` with a stored `bump`: the account must be the address those seeds give; returns them, bump included. */
export function checkStoredBumpSeeds(
  ctx: InstructionContext,
  account: DeclaredAccount,
  seeds: readonly Uint8Array[],
  bump: number,
): Uint8Array[] {
  const withBump = [...seeds, Uint8Array.of(bump)];
  let address: string | null;
  try {
    address = PublicKey.createProgramAddressSync(withBump, new PublicKey(ctx.programId)).toBase58();
  } catch {
    address = null;
  }
  if (address !== account.key) anchorFail("ConstraintSeeds", account.name);
  return withBump;
}

/** The market authority PDA ["lma", market, bump]; returns its signer seeds. */
export function marketAuthoritySigner(
  ctx: InstructionContext,
  authority: DeclaredAccount,
  market: DeclaredAccount & { readonly state: LendingMarket },
): Uint8Array[] {
  return checkStoredBumpSeeds(ctx, authority, marketAuthoritySeeds(market.key), Number(market.state.bumpSeed));
}

export const referrerTokenStateAccount = (options: MutOption = {}) => marketAccount(ReferrerTokenStateLayout, options);

/** `Option<AccountLoader<'info, T>>` of this program: the program id for none (`view` null), otherwise loaded as T. */
function optionalMarketAccount<F extends FieldTable, N extends string>(layout: AccountLayout<F, N>, options: MutOption) {
  return custom(
    (account, name, programId): { readonly view: MarketAccountView<N, StructValue<F>> | null } => ({
      view: account.key === programId ? null : marketAccountView(layout, account, name, programId),
    }),
    options,
  );
}

/** An optional ReferrerTokenState with `mut`: since none is passed read-only, the handler checks `mut` (`checkOptionalMut`). */
export const optionalReferrerTokenStateAccount = () => optionalMarketAccount(ReferrerTokenStateLayout, { mut: "handler" });

export const optionalUserMetadataAccount = () => optionalMarketAccount(UserMetadataLayout, {});

/** Anchor's `mut` on an optional account: ConstraintMut only when the account is given. */
export function checkOptionalMut(ctx: InstructionContext, account: DeclaredAccount): void {
  if (present(ctx, account) && !account.isWritable) anchorFail("ConstraintMut", account.name);
}

/**
 * One of the program's accounts among the remaining accounts, as klend's FatAccountLoader reads it: owned by the
 * program, the layout's discriminator, writable when the handler writes it (AccountNotMutable), decoded.
 */
export function remainingMarketAccount<F extends FieldTable, N extends string>(
  layout: AccountLayout<F, N>,
  account: InstructionAccount,
  programId: string,
  writable: boolean,
): MarketAccountView<N, StructValue<F>> {
  const { owner, data } = account.account;
  if (owner !== programId) anchorFail("AccountOwnedByWrongProgram");
  if (data.length < DISCRIMINATOR_SIZE) anchorFail("AccountDiscriminatorNotFound");
  if (!data.subarray(0, DISCRIMINATOR_SIZE).equals(layout.discriminator)) anchorFail("AccountDiscriminatorMismatch");
  if (writable && !account.isWritable) anchorFail("AccountNotMutable");
  if (data.length < layout.space) anchorFail("AccountDidNotDeserialize");
  const state = layout.struct.read(data, DISCRIMINATOR_SIZE);
  return {
    get data() {
      return account.account.data as AccountData<N>;
    },
    state,
    save() {
      encodeMarketAccountInto(layout, account.account.data, state);
    },
  };
}

export const referrerStateAccount = (options: MutOption = {}) => marketAccount(ReferrerStateLayout, options);

/** `Account<'info, ShortUrl>` (a Borsh account): owner and discriminator checked, the referrer and URL decoded. */
export function shortUrlAccount(options: MutOption = {}) {
  return custom((account, name, programId): { readonly shortUrl: ShortUrl } => {
    checkProgramAccount(account, name, programId, Buffer.from(SHORT_URL_DISCRIMINATOR));
    try {
      return { shortUrl: decodeShortUrl(account.account.data) };
    } catch {
      return anchorFail("AccountDidNotDeserialize", name);
    }
  }, options);
}
