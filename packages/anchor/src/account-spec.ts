// The TypeScript counterpart of Anchor's #[derive(Accounts)]: an instruction declares its accounts once, by name and
// in IDL order, and evaluating the declaration runs Anchor's checks in Anchor's order:
//   1. deserialization, account by account: enough keys, then the account's type (Signer, Account<T>, Program, ...);
//   2. constraints, account by account: `mut`, then the account's own constraints (seeds, has_one, raw).
// What passes comes back as named, typed accounts plus the remaining accounts after the declared ones.
import { PublicKey } from "@solana/web3.js";
import { SYSTEM_PROGRAM_ID, type InstructionAccount, type InstructionContext } from "@ballast/ledger";
import { anchorFail } from "./errors.js";
import type { AccountData, InstructionDecl, LayoutRef } from "@ballast/codec";

/** An instruction account as the declaration names it. */
export interface DeclaredAccount extends InstructionAccount {
  /** The IDL name, used in Anchor's "caused by account" logs. */
  readonly name: string;
}

/**
 * When `mut` is checked (ConstraintMut): as the account loads, first among its constraints, or by the handler in
 * its own order (also for accounts only the runtime holds to it, refusing a write to a read-only account).
 */
export type MutCheck = "load" | "constraint" | "handler";

/** One account of an instruction: what the IDL says of it and how Anchor deserializes it. */
export interface AccountDeclaration<Extra extends object> {
  readonly signer: boolean;
  readonly writable: boolean;
  readonly mutCheck: MutCheck;
  /** IDL name when it is not the key in snake_case. */
  readonly idlName?: string;
  /** Anchor's deserialization of the account type; fails with Anchor's errors. Returns what the handler gets beside the account. */
  readonly load: (account: InstructionAccount, name: string, programId: string) => Extra;
}

export type AccountDeclarations = Readonly<Record<string, AccountDeclaration<object>>>;

type ExtraOf<D> = D extends AccountDeclaration<infer Extra> ? Extra : never;

/** The named accounts a declaration yields, each with what its kind loaded. */
export type DeclaredAccounts<S extends AccountDeclarations> = { readonly [K in keyof S]: DeclaredAccount & ExtraOf<S[K]> };

/**
 * Per-account constraints beyond `mut`, run in declaration order once every account has loaded. Each takes the
 * loaded accounts, so relations (has_one, seeds over another account's key) read as in Anchor.
 */
export type AccountConstraints<S extends AccountDeclarations> = (
  accounts: DeclaredAccounts<S>,
  ctx: InstructionContext,
) => { readonly [K in keyof S]?: () => void };

/** The evaluated accounts: named ones and the remaining accounts after them. */
export interface LoadedAccounts<S extends AccountDeclarations> {
  readonly accounts: DeclaredAccounts<S>;
  readonly remaining: readonly InstructionAccount[];
}

/** One account of a spec as the IDL lists it. */
export interface AccountSummary {
  readonly name: string;
  readonly writable: boolean;
  readonly signer: boolean;
}

export interface AccountSpec<S extends AccountDeclarations> {
  /** The accounts in order, as the IDL lists them. */
  readonly summary: readonly AccountSummary[];
  /** Where the remaining accounts start. */
  readonly count: number;
  /** Runs the checks and returns the named accounts; fails with the first check's Anchor or program error. */
  load(ctx: InstructionContext): LoadedAccounts<S>;
}

const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Declares an instruction's accounts in IDL order (keys are the IDL names in camelCase) and their constraints. */
export function declareAccounts<const S extends AccountDeclarations>(declarations: S, constraints?: AccountConstraints<S>): AccountSpec<S> {
  const entries = Object.entries(declarations).map(([key, declaration]) => ({
    key,
    name: declaration.idlName ?? snakeCase(key),
    declaration,
  }));
  return {
    summary: entries.map(({ name, declaration }) => ({ name, writable: declaration.writable, signer: declaration.signer })),
    count: entries.length,
    load(ctx) {
      const named: Record<string, DeclaredAccount> = {};
      const loaded = entries.map((entry, index) => {
        const { key, name, declaration } = entry;
        const account = ctx.accounts[index];
        if (!account) anchorFail("AccountNotEnoughKeys");
        const extra = declaration.load(account, name, ctx.programId);
        if (declaration.mutCheck === "load" && !account.isWritable) anchorFail("ConstraintMut", name);
        const view = declared(account, name, extra);
        named[key] = view;
        return { ...entry, view };
      });
      const accounts = named as DeclaredAccounts<S>;
      const checks = constraints?.(accounts, ctx);
      for (const { key, name, declaration, view } of loaded) {
        if (declaration.mutCheck === "constraint" && !view.isWritable) anchorFail("ConstraintMut", name);
        checks?.[key]?.();
      }
      return { accounts, remaining: ctx.accounts.slice(entries.length) };
    },
  };
}

/** The account with its name and loaded extras; `account` stays the runtime's object, so writes land on it. */
function declared(account: InstructionAccount, name: string, extra: object): DeclaredAccount {
  return Object.defineProperties(
    { key: account.key, isSigner: account.isSigner, isWritable: account.isWritable, account: account.account, name },
    Object.getOwnPropertyDescriptors(extra),
  );
}

/** `mut`: the account is writable in the IDL, and ConstraintMut is checked when this says. */
export interface MutOption {
  readonly mut?: MutCheck;
  readonly idlName?: string;
}

function declaration<Extra extends object>(
  signer: boolean,
  options: MutOption,
  load: (account: InstructionAccount, name: string, programId: string) => Extra,
): AccountDeclaration<Extra> {
  return {
    signer,
    writable: options.mut !== undefined,
    mutCheck: options.mut ?? "handler",
    ...(options.idlName === undefined ? {} : { idlName: options.idlName }),
    load,
  };
}

const nothing = (): object => ({});

/** `Signer<'info>`: AccountNotSigner unless it signed. */
export function signer(options: MutOption = {}): AccountDeclaration<object> {
  return declaration(true, options, (account, name) => {
    if (!account.isSigner) anchorFail("AccountNotSigner", name);
    return {};
  });
}

/** `UncheckedAccount` / `AccountInfo`: whatever the handler checks itself. */
export function unchecked(options: MutOption = {}): AccountDeclaration<object> {
  return declaration(false, options, nothing);
}

/**
 * The target of Anchor's `init`: the handler creates it through the System program, which also holds a keypair
 * target to its signature.
 */
export function initTarget(options: { readonly signer?: boolean; readonly idlName?: string } = {}): AccountDeclaration<object> {
  return declaration(options.signer ?? false, { ...options, mut: "handler" }, nothing);
}

/** The account data of a program account, read through the live account so a resize or close shows. */
export interface AccountView<Layout extends string> {
  readonly data: AccountData<Layout>;
}

/**
 * `Account<'info, T>` / `AccountLoader<'info, T>` of this program: initialised (AccountNotInitialized), owned by
 * the program (AccountOwnedByWrongProgram), with T's discriminator (AccountDiscriminatorNotFound / Mismatch).
 */
export function programAccount<Layout extends string>(
  layout: LayoutRef<Layout>,
  options: MutOption = {},
): AccountDeclaration<AccountView<Layout>> {
  return declaration(false, options, (account, name, programId) => {
    checkProgramAccount(account, name, programId, layout.discriminator);
    return {
      get data() {
        return account.account.data as AccountData<Layout>;
      },
    };
  });
}

/** The deserialization checks of `Account<'info, T>` (AccountChecks.ownedAccount runs the same ones). */
export function checkProgramAccount(account: InstructionAccount, name: string, programId: string, discriminator: Buffer): void {
  const { data, owner, lamports } = account.account;
  if (lamports === 0n && data.length === 0 && owner === SYSTEM_PROGRAM_ID) anchorFail("AccountNotInitialized", name);
  if (owner !== programId) anchorFail("AccountOwnedByWrongProgram", name);
  if (data.length < 8) anchorFail("AccountDiscriminatorNotFound", name);
  if (!data.subarray(0, 8).equals(discriminator)) anchorFail("AccountDiscriminatorMismatch", name);
}

/** `Program<'info, P>` / `Interface<'info, I>`: the account is one of `ids` (InvalidProgramId). */
export function program(ids: readonly string[]): AccountDeclaration<object> {
  return declaration(false, {}, (account, name) => {
    if (!ids.includes(account.key)) anchorFail("InvalidProgramId", name);
    return {};
  });
}

/** An account that must be `expected` (a sysvar, a known program), checked as it loads: ConstraintAddress otherwise. */
export function knownAddress(expected: string, options: MutOption = {}): AccountDeclaration<object> {
  return declaration(false, options, (account, name) => {
    if (account.key !== expected) anchorFail("ConstraintAddress", name);
    return {};
  });
}

/** An account whose deserialization is the program's own (token accounts, mints, foreign program accounts). */
export function custom<Extra extends object>(
  load: (account: InstructionAccount, name: string, programId: string) => Extra,
  options: MutOption & { readonly signer?: boolean } = {},
): AccountDeclaration<Extra> {
  return declaration(options.signer ?? false, options, load);
}

/** Anchor's `seeds = [...]` on the program's PDA: ConstraintSeeds unless the account sits there; returns the bump. */
export function checkSeeds(ctx: InstructionContext, account: DeclaredAccount, seeds: readonly Uint8Array[]): number {
  const [address, bump] = PublicKey.findProgramAddressSync([...seeds], new PublicKey(ctx.programId));
  if (address.toBase58() !== account.key) anchorFail("ConstraintSeeds", account.name);
  return bump;
}

/** Anchor's `address = expected`: ConstraintAddress otherwise. */
export function checkAddress(account: DeclaredAccount, expected: string): void {
  if (account.key !== expected) anchorFail("ConstraintAddress", account.name);
}

/**
 * Where a handler's declared accounts and the client's instruction table (instruction.ts) disagree, for programs
 * without an IDL: the count, then each position's writable and signer flags (an account the table lets the caller
 * sign, `signer: "caller"`, may be declared either way). Empty when they agree.
 */
export function accountSpecMismatches(table: InstructionDecl, spec: AccountSpec<AccountDeclarations>): string[] {
  const found: string[] = [];
  if (table.accounts.length !== spec.count)
    found.push(`the table lists ${table.accounts.length} accounts, the handler declares ${spec.count}`);
  table.accounts.forEach((account, i) => {
    const declared = spec.summary[i];
    if (!declared) return;
    const where = `account ${i} (${account.name} / ${declared.name})`;
    if ((account.writable ?? false) !== declared.writable)
      found.push(`${where}: writable ${account.writable ?? false} vs ${declared.writable}`);
    if (account.signer !== "caller" && (account.signer ?? false) !== declared.signer) {
      found.push(`${where}: signer ${account.signer ?? false} vs ${declared.signer}`);
    }
  });
  return found;
}
