// Turns one landed lending-program transaction into activity: the program's Anchor events, decoded from the logs by
// Anchor's EventParser over the IDL, plus the emissions payouts (which emit no event) read from the instructions and
// the token transfers they made. Pure: no RPC, no database.
import { EventParser, type BN } from "@coral-xyz/anchor";
import {
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TokenInstruction,
  transferCheckedInstructionData,
  transferInstructionData,
} from "@solana/spl-token";
import type { PublicKey, VersionedTransactionResponse } from "@solana/web3.js";
import { LENDING_IDL, lendingCoder } from "@ballast/sdk";
import bs58 from "bs58";

export const ACTIVITY_TYPES = [
  "create_account",
  "deposit",
  "withdraw",
  "borrow",
  "repay",
  "liquidation",
  "receivership_liquidation",
  "deleverage",
  "bankruptcy",
  "transfer_account",
  "freeze_account",
  "withdraw_emissions",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** What one row says before the indexer fills in what only the ledger or the database knows. */
export interface ActivityItem {
  readonly type: ActivityType;
  readonly account: string;
  /** Null when the event does not name it: the indexer looks the account up. */
  readonly authority: string | null;
  /** The lending group; null when the event does not name it (looked up like the authority). */
  readonly group: string | null;
  readonly bank: string | null;
  readonly mint: string | null;
  /** Native units. */
  readonly amount: bigint | null;
  readonly related: Related;
  readonly details: Record<string, unknown>;
  /**
   * Bankruptcies only: no later instruction of the transaction names the bank, so the bank as it stands after the
   * transaction shows the share value the settlement left. Read by the indexer, not stored.
   */
  readonly lastUseOfBank?: boolean;
}

/** The other side of a two-sided event (see ActivityTable.related_*). */
export interface Related {
  readonly account: string | null;
  readonly authority: string | null;
  readonly bank: string | null;
  readonly mint: string | null;
}

export interface ParsedTransaction {
  /** In execution order; a row's event_index is its position here. */
  readonly items: ActivityItem[];
  /** Every account the transaction could write: the margin accounts among them may have changed. */
  readonly writable: string[];
}

const NO_RELATED: Related = { account: null, authority: null, bank: null, mint: null };
const TOKEN_PROGRAMS = new Set([TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()]);
const TOP_LEVEL_INVOKE = /^Program [1-9A-HJ-NP-Za-km-z]+ invoke \[1\]$/;
const EMISSIONS_PAYOUTS = new Set(["lending_account_withdraw_emissions", "lending_account_withdraw_emissions_permissionless"]);

/** Account names of each instruction, in order, from the IDL. */
const ACCOUNT_NAMES = new Map(LENDING_IDL.instructions.map((ix) => [ix.name, ix.accounts.map((a) => a.name)] as const));

type Fields = Record<string, unknown>;

const key = (value: unknown): string => (value as PublicKey).toBase58();
const optionalKey = (value: unknown): string | null => (value === null || value === undefined ? null : key(value));
const integer = (value: unknown): bigint => BigInt((value as BN).toString());

interface Header {
  readonly signer: string | null;
  readonly account: string;
  readonly authority: string;
  readonly group: string;
}

function header(data: Fields): Header {
  const h = data.header as Fields;
  return {
    signer: optionalKey(h.signer),
    account: key(h.marginfi_account),
    authority: key(h.marginfi_account_authority),
    group: key(h.marginfi_group),
  };
}

function fromHeader(
  type: ActivityType,
  h: Header,
  rest: Partial<Omit<ActivityItem, "type" | "account" | "authority" | "group">> = {},
): ActivityItem {
  return {
    type,
    account: h.account,
    authority: h.authority,
    group: h.group,
    bank: null,
    mint: null,
    amount: null,
    related: NO_RELATED,
    ...rest,
    details: { signer: h.signer, ...rest.details },
  };
}

function liquidationBalances(value: unknown) {
  const b = value as Record<string, number>;
  return {
    liquidateeAssetBalance: b.liquidatee_asset_balance,
    liquidateeLiabilityBalance: b.liquidatee_liability_balance,
    liquidatorAssetBalance: b.liquidator_asset_balance,
    liquidatorLiabilityBalance: b.liquidator_liability_balance,
  };
}

/** An instruction as executed, top level or inner, with its accounts resolved. */
interface Call {
  readonly programId: string;
  readonly accounts: string[];
  readonly data: Buffer;
}

/** A lending-program call decoded with the IDL, its accounts by IDL name. */
interface ProgramCall {
  readonly name: string;
  readonly args: Fields;
  readonly accounts: Readonly<Record<string, string>>;
  /** Its position in the top-level instruction's calls, to find the transfers it made after it. */
  readonly position: number;
}

/** Native units a token Transfer or TransferChecked among `calls` moved from `source` to `destination`; 0 for none. */
function transferred(calls: readonly Call[], source: string, destination: string): bigint {
  for (const c of calls) {
    if (!TOKEN_PROGRAMS.has(c.programId) || c.accounts[0] !== source) continue;
    // Transfer's accounts: source, destination, authority; TransferChecked's: source, mint, destination, authority.
    if (c.data[0] === TokenInstruction.Transfer && c.data.length >= transferInstructionData.span && c.accounts[1] === destination) {
      return transferInstructionData.decode(c.data).amount;
    }
    if (
      c.data[0] === TokenInstruction.TransferChecked &&
      c.data.length >= transferCheckedInstructionData.span &&
      c.accounts[2] === destination
    ) {
      return transferCheckedInstructionData.decode(c.data).amount;
    }
  }
  return 0n;
}

/** A classic liquidation's call and the insurance fee its liability bank's insurance vault received. */
interface LiquidationCall {
  readonly call: ProgramCall;
  readonly insuranceFee: bigint;
}

/**
 * The liquidatee's debt repaid, in native units of the liability mint: its liability before less after, which the
 * event carries as doubles of fractional native units (the program books 95% of the seized value, fractions kept),
 * rounded to the nearest unit.
 */
function liquidateeRepaid(pre: unknown, post: unknown): bigint {
  const before = (pre as Record<string, number>).liquidatee_liability_balance ?? 0;
  const after = (post as Record<string, number>).liquidatee_liability_balance ?? 0;
  return BigInt(Math.max(0, Math.round(before - after)));
}

/** A fractional native amount of an event (an f64) to the nearest whole unit; 0 for anything but a finite number. */
export function nearestUnit(value: unknown): bigint {
  return typeof value === "number" && Number.isFinite(value) ? BigInt(Math.max(0, Math.round(value))) : 0n;
}

/**
 * The activity of one event, or null for events that are not a user's activity (bank and group administration,
 * interest accrual, health pulses). `liquidations` holds the liquidate calls of the same top-level instruction not
 * yet matched to an event, in order: the event lacks the seized amount in native units, the call's argument has it.
 */
function eventActivity(name: string, data: Fields, liquidations: LiquidationCall[]): ActivityItem | null {
  switch (name) {
    case "MarginfiAccountCreateEvent":
      return fromHeader("create_account", header(data));
    case "LendingAccountDepositEvent":
    case "LendingAccountBorrowEvent":
      return fromHeader(name === "LendingAccountDepositEvent" ? "deposit" : "borrow", header(data), {
        bank: key(data.bank),
        mint: key(data.mint),
        amount: integer(data.amount),
      });
    case "LendingAccountWithdrawEvent":
    case "LendingAccountRepayEvent":
      return fromHeader(name === "LendingAccountWithdrawEvent" ? "withdraw" : "repay", header(data), {
        bank: key(data.bank),
        mint: key(data.mint),
        amount: integer(data.amount),
        details: { closeBalance: data.close_balance },
      });
    case "LendingAccountLiquidateEvent": {
      // The row belongs to the liquidatee, whose collateral was seized; the liquidator is its related party.
      const liquidator = header(data);
      const matched = liquidations.shift();
      return {
        type: "liquidation",
        account: key(data.liquidatee_marginfi_account),
        authority: key(data.liquidatee_marginfi_account_authority),
        group: liquidator.group,
        bank: key(data.asset_bank),
        mint: key(data.asset_mint),
        amount: matched ? integer(matched.call.args.asset_amount) : null,
        related: {
          account: liquidator.account,
          authority: liquidator.authority,
          bank: key(data.liability_bank),
          mint: key(data.liability_mint),
        },
        details: {
          signer: liquidator.signer,
          liquidatorAccount: liquidator.account,
          liquidatorAuthority: liquidator.authority,
          liabilityBank: key(data.liability_bank),
          liabilityMint: key(data.liability_mint),
          liquidateePreHealth: data.liquidatee_pre_health,
          liquidateePostHealth: data.liquidatee_post_health,
          preBalances: liquidationBalances(data.pre_balances),
          postBalances: liquidationBalances(data.post_balances),
          repaidAmount: liquidateeRepaid(data.pre_balances, data.post_balances).toString(),
          insuranceFee: matched ? matched.insuranceFee.toString() : null,
        },
      };
    }
    case "LiquidationReceiverEvent":
      return {
        type: "receivership_liquidation",
        account: key(data.marginfi_account),
        authority: null,
        group: null,
        bank: null,
        mint: null,
        amount: null,
        related: { ...NO_RELATED, authority: key(data.liquidation_receiver) },
        details: {
          liquidationReceiver: key(data.liquidation_receiver),
          assetsSeizedValue: data.liquidatee_assets_seized,
          liabilityRepaidValue: data.liquidatee_liability_repaid,
          flatFeeLamports: data.lamps_fee_paid,
        },
      };
    case "DeleverageEvent":
      return {
        type: "deleverage",
        account: key(data.marginfi_account),
        authority: null,
        group: null,
        bank: null,
        mint: null,
        amount: null,
        related: NO_RELATED,
        details: {
          riskAdmin: key(data.risk_admin),
          assetsSeizedValue: data.deleveragee_assets_seized,
          liabilityRepaidValue: data.deleveragee_liability_repaid,
        },
      };
    case "LendingPoolBankHandleBankruptcyEvent":
      // The amount is the debt written off, to the nearest native unit (the event carries fractional units).
      return fromHeader("bankruptcy", header(data), {
        bank: key(data.bank),
        mint: key(data.mint),
        amount: nearestUnit(data.bad_debt),
        details: { badDebt: data.bad_debt, coveredAmount: data.covered_amount, socializedAmount: data.socialized_amount },
      });
    case "MarginfiAccountTransferToNewAccount": {
      const h = header(data);
      const oldAccount = key(data.old_account);
      const oldAuthority = key(data.old_account_authority);
      return fromHeader("transfer_account", h, {
        related: { ...NO_RELATED, account: oldAccount, authority: oldAuthority },
        details: { oldAccount, oldAuthority },
      });
    }
    case "MarginfiAccountFreezeEvent":
      return fromHeader("freeze_account", header(data), { details: { frozen: data.frozen } });
    default:
      return null;
  }
}

/** An emissions withdrawal: what the call's TransferChecked out of the emissions vault moved (none: nothing paid). */
function emissionsPayout(call: ProgramCall, calls: readonly Call[]): ActivityItem | null {
  const vault = call.accounts.emissions_vault;
  const destination = call.accounts.destination_account;
  // TransferChecked's accounts: source, mint, destination, authority.
  const transfer = calls
    .slice(call.position + 1)
    .find(
      (c) =>
        TOKEN_PROGRAMS.has(c.programId) &&
        c.data[0] === TokenInstruction.TransferChecked &&
        c.data.length >= transferCheckedInstructionData.span &&
        c.accounts[0] === vault &&
        c.accounts[2] === destination,
    );
  const { marginfi_account: account, group = null, bank = null, emissions_mint: mint = null } = call.accounts;
  if (!transfer || account === undefined) return null;
  const { amount, decimals } = transferCheckedInstructionData.decode(transfer.data);
  return {
    type: "withdraw_emissions",
    account,
    authority: null,
    group,
    bank,
    mint,
    amount,
    related: NO_RELATED,
    details: {
      destination,
      decimals,
      permissionless: call.name === "lending_account_withdraw_emissions_permissionless",
    },
  };
}

function decodeCall(call: Call, position: number): ProgramCall | null {
  const decoded = lendingCoder.instruction.decode(call.data);
  if (!decoded) return null;
  const names = ACCOUNT_NAMES.get(decoded.name) ?? [];
  const accounts: Record<string, string> = {};
  names.forEach((name, i) => {
    const address = call.accounts[i];
    if (address !== undefined) accounts[name] = address;
  });
  return { name: decoded.name, args: decoded.data as Fields, accounts, position };
}

/** The logs of each top-level instruction: each starts with its `invoke [1]` line. */
function topLevelLogs(logs: readonly string[]): string[][] {
  const segments: string[][] = [];
  for (const line of logs) {
    if (TOP_LEVEL_INVOKE.test(line)) segments.push([line]);
    else segments.at(-1)?.push(line);
  }
  return segments;
}

/** A token amount of a bank, as a receivership row lists what it seized and repaid. */
interface BankAmount {
  readonly bank: string | null;
  readonly mint: string | null;
  readonly amount: string | null;
}

/**
 * A receivership's event carries only USD values: its row also lists, in native units, the withdrawals (collateral
 * seized) and repayments of the liquidated account that the same transaction made before it, since the previous
 * receivership of that account.
 */
function withReceivershipAmounts(items: readonly ActivityItem[]): ActivityItem[] {
  const since = new Map<string, number>();
  return items.map((item, index) => {
    if (item.type !== "receivership_liquidation") return item;
    const start = since.get(item.account) ?? 0;
    since.set(item.account, index + 1);
    const moves = items.slice(start, index).filter((i) => i.account === item.account);
    const amounts = (type: ActivityType): BankAmount[] =>
      moves
        .filter((i) => i.type === type)
        .map((i) => ({ bank: i.bank, mint: i.mint, amount: i.amount === null ? null : i.amount.toString() }));
    return { ...item, details: { ...item.details, seized: amounts("withdraw"), repaid: amounts("repay") } };
  });
}

/** A successful transaction's activity and writable accounts (a failed one changed nothing: no activity). */
export function parseTransaction(tx: VersionedTransactionResponse, programId: PublicKey): ParsedTransaction {
  const meta = tx.meta;
  if (!meta || meta.err !== null) return { items: [], writable: [] };
  const message = tx.transaction.message;
  const keys = message.version === 0 ? message.getAccountKeys({ accountKeysFromLookups: meta.loadedAddresses }) : message.getAccountKeys();
  const address = (index: number) => keys.get(index)?.toBase58() ?? "";
  const writable: string[] = [];
  for (let i = 0; i < keys.length; i++) if (message.isAccountWritable(i)) writable.push(address(i));

  const program = programId.toBase58();
  const parser = new EventParser(programId, lendingCoder);
  const segments = topLevelLogs(meta.logMessages ?? []);
  const items: ActivityItem[] = [];
  message.compiledInstructions.forEach((top, index) => {
    const inner = meta.innerInstructions?.find((i) => i.index === index)?.instructions ?? [];
    const calls: Call[] = [
      { programId: address(top.programIdIndex), accounts: top.accountKeyIndexes.map(address), data: Buffer.from(top.data) },
      ...inner.map((ix) => ({
        programId: address(ix.programIdIndex),
        accounts: ix.accounts.map(address),
        data: Buffer.from(bs58.decode(ix.data)),
      })),
    ];
    const programCalls = calls.flatMap((call, position) => {
      const decoded = call.programId === program ? decodeCall(call, position) : null;
      return decoded ? [decoded] : [];
    });
    const liquidations = programCalls
      .filter((c) => c.name === "lending_account_liquidate")
      .map((call) => {
        const { bank_liquidity_vault: vault = "", bank_insurance_vault: insurance = "" } = call.accounts;
        // Its own transfers come before the next lending-program call.
        const end = programCalls.find((c) => c.position > call.position)?.position ?? calls.length;
        return { call, insuranceFee: transferred(calls.slice(call.position + 1, end), vault, insurance) };
      });
    const later = message.compiledInstructions.slice(index + 1);
    for (const event of parser.parseLogs(segments[index] ?? [])) {
      const item = eventActivity(event.name, event.data as Fields, liquidations);
      if (item?.type === "bankruptcy") {
        const lastUseOfBank = !later.some((ix) => ix.accountKeyIndexes.some((k) => address(k) === item.bank));
        items.push({ ...item, lastUseOfBank });
      } else if (item) items.push(item);
    }
    // Payouts emit no event: they follow the events of their instruction.
    for (const call of programCalls) {
      const item = EMISSIONS_PAYOUTS.has(call.name) ? emissionsPayout(call, calls) : null;
      if (item) items.push(item);
    }
  });
  return { items: withReceivershipAmounts(items), writable };
}
