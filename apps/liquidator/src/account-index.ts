// Every margin account of one group, in memory: one getProgramAccounts scan, then programSubscribe keeps it current.
// The subscription is acknowledged before the scan, and each account keeps the slot it was last seen at, so an update
// that arrives during the scan is neither lost nor overwritten by the scan's older copy. A resubscription after a
// dropped socket scans again: what changed meanwhile sent no notification.
import { createHash } from "node:crypto";
import { MarginfiAccountLayout, decodeMarginfiAccount, type MarginfiAccount } from "@ballast/protocol";
import { groupMarginAccountFilters } from "@ballast/sdk";
import { PublicKey, SolanaJSONRPCError, type Connection } from "@solana/web3.js";
import type { Commitment } from "@solana/kit";
import bs58 from "bs58";
import { coalescedReread, type ChainSubscriptions, type Subscription } from "./subscriptions.js";

export interface IndexedAccount {
  readonly address: string;
  readonly account: MarginfiAccount;
  /** The slot of the copy held. */
  readonly slot: number;
  /** A digest of its bytes: the same digest is the same state. */
  readonly digest: string;
  /** The banks it holds a balance in. */
  readonly banks: readonly string[];
}

export interface AccountIndexOptions {
  readonly connection: Connection;
  readonly subscriptions: ChainSubscriptions;
  readonly programId: string;
  readonly group: string;
  readonly commitment: Commitment;
  /** Told each account that changed (or appeared, or went) after the first scan. */
  readonly onChange: (address: string) => void;
  readonly onError: (error: unknown, address: string) => void;
}

/** Shards of a split scan in flight at once. */
const SCAN_CONCURRENCY = 8;

/** The RPC refused a scan for collecting too much (Solana's ScanError, -32012). */
function isScanLimit(error: unknown): boolean {
  return error instanceof SolanaJSONRPCError ? error.code === -32012 : false;
}

function banksOf(account: MarginfiAccount): string[] {
  return account.lendingAccount.balances.filter((b) => b.active !== 0).map((b) => b.bankPk);
}

export class AccountIndex {
  private readonly accounts = new Map<string, IndexedAccount>();
  /** Bank → the accounts holding a balance in it: a bank's or oracle's change re-values only those. */
  private readonly holders = new Map<string, Set<string>>();
  private subscription: Subscription | null = null;

  private constructor(private readonly options: AccountIndexOptions) {}

  /** Subscribes, then scans; resolves once the index holds every account the scan saw. */
  static async open(options: AccountIndexOptions): Promise<AccountIndex> {
    const index = new AccountIndex(options);
    try {
      await index.start();
    } catch (error) {
      index.close();
      throw error;
    }
    return index;
  }

  private async start(): Promise<void> {
    const { subscriptions, programId, group, commitment } = this.options;
    this.subscription = subscriptions.program(programId, groupMarginAccountFilters(group), commitment, {
      onNotification: ({ address, data, slot }) => {
        if (this.put(address, data, slot)) this.options.onChange(address);
      },
      onResubscribed: coalescedReread(
        async () => {
          for (const address of await this.rescan()) this.options.onChange(address);
        },
        (error) => this.options.onError(error, group),
      ),
    });
    await this.subscription.ready;
    await this.rescan();
  }

  /**
   * Reads every account again (a periodic resync: a closed account leaves the filters without a notification) and
   * drops those no longer there; returns the accounts that changed.
   */
  async rescan(): Promise<string[]> {
    const scans = await this.scan(Buffer.alloc(0));
    const changed: string[] = [];
    const seen = new Set<string>();
    for (const { slot, accounts } of scans) {
      for (const { pubkey, account } of accounts) {
        const address = pubkey.toBase58();
        seen.add(address);
        if (this.put(address, account.data, slot)) changed.push(address);
      }
    }
    // Only what changed before every part of the scan was read can be judged gone.
    const oldest = Math.min(...scans.map((s) => s.slot));
    for (const [address, held] of this.accounts) {
      if (!seen.has(address) && held.slot <= oldest) {
        this.remove(address);
        changed.push(address);
      }
    }
    return changed;
  }

  /**
   * The group's accounts whose authority starts with `prefix`. An RPC caps what one scan may collect (Solana's scan
   * limit, -32012): a refused scan is split by the authority's next byte, 256 smaller ones, SCAN_CONCURRENCY at a time.
   */
  private async scan(prefix: Buffer): Promise<{ slot: number; accounts: readonly { pubkey: PublicKey; account: { data: Buffer } }[] }[]> {
    const { connection, programId, group, commitment } = this.options;
    const filters = groupMarginAccountFilters(group);
    if (prefix.length > 0) filters.push({ memcmp: { offset: MarginfiAccountLayout.fields.authority.offset, bytes: bs58.encode(prefix) } });
    try {
      const { context, value } = await connection.getProgramAccounts(new PublicKey(programId), { commitment, filters, withContext: true });
      return [{ slot: context.slot, accounts: value }];
    } catch (error) {
      if (!isScanLimit(error) || prefix.length >= 32) throw error;
    }
    const parts: Awaited<ReturnType<AccountIndex["scan"]>> = [];
    for (let first = 0; first < 256; first += SCAN_CONCURRENCY) {
      const bytes = Array.from({ length: Math.min(SCAN_CONCURRENCY, 256 - first) }, (_, i) => first + i);
      for (const part of await Promise.all(bytes.map((b) => this.scan(Buffer.concat([prefix, Buffer.from([b])]))))) parts.push(...part);
    }
    return parts;
  }

  /** Stores the copy unless a newer one is held; true when the account's bytes changed. */
  private put(address: string, data: Buffer, slot: number): boolean {
    const held = this.accounts.get(address);
    if (held && held.slot > slot) return false;
    const digest = createHash("sha1").update(data).digest("base64");
    if (held && held.digest === digest) {
      this.accounts.set(address, { ...held, slot });
      return false;
    }
    let account: MarginfiAccount;
    try {
      account = decodeMarginfiAccount(data);
    } catch (error) {
      this.options.onError(error, address);
      return false;
    }
    this.remove(address);
    const entry = { address, account, slot, digest, banks: banksOf(account) };
    this.accounts.set(address, entry);
    for (const bank of entry.banks) {
      let set = this.holders.get(bank);
      if (!set) this.holders.set(bank, (set = new Set()));
      set.add(address);
    }
    return true;
  }

  private remove(address: string): void {
    const held = this.accounts.get(address);
    if (!held) return;
    this.accounts.delete(address);
    for (const bank of held.banks) this.holders.get(bank)?.delete(address);
  }

  get size(): number {
    return this.accounts.size;
  }

  get(address: string): IndexedAccount | undefined {
    return this.accounts.get(address);
  }

  all(): IterableIterator<IndexedAccount> {
    return this.accounts.values();
  }

  /** The accounts holding a balance in `bank`. */
  holdersOf(bank: string): ReadonlySet<string> {
    return this.holders.get(bank) ?? new Set();
  }

  close(): void {
    this.subscription?.close();
    this.subscription = null;
  }
}
