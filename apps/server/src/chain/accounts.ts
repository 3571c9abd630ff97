// A margin account as the account-info route shows it. Banks and prices come from the server's own market snapshot
// (never from the client); the health is the program's own, from a simulated pulse-health transaction, with the
// SDK's local computation over the same snapshot as the fallback.
import { Connection, PublicKey, type BlockhashWithExpiryBlockHeight, type TransactionInstruction } from "@solana/web3.js";
import { AccountDecodeError } from "@ballast/codec";
import { AccountFlags, decodeMarginfiAccount, i80f48 as fx, type HealthCache, type I80F48, type MarginfiAccount } from "@ballast/protocol";
import {
  HEALTH_SIMULATION_STATUS_CODES,
  HealthCacheSimulationError,
  accountHealthRefreshes,
  accountRisk,
  errorMessage,
  freeCollateral,
  healthBar,
  healthFactor,
  healthFromCache,
  isLiquidationRisk,
  marketBankLookup,
  pulseAccountHealthInstruction,
  riskAccounts,
  simulateAccountHealth,
  userPositions,
  type AccountDto,
  type AccountHealth,
  type AccountRisk,
  type BalanceDto,
  type HealthCacheDto,
  type Market,
  type PositionDto,
  type SimulationErrorDto,
} from "@ballast/sdk";
import type { ServerConfig } from "../config.js";
import { notFound, upstreamError } from "../errors.js";
import { ttlCache, type TtlCache } from "./cache.js";

/** The pulse-health simulation replaces the blockhash, so any recent one will do: one lookup serves many requests. */
const SIMULATION_BLOCKHASH_MS = 10_000;

/** The ledger connection health simulations use: the same endpoint, with the latest blockhash shared for a while. */
export class HealthSimulationConnection extends Connection {
  private readonly blockhash: TtlCache<BlockhashWithExpiryBlockHeight>;

  constructor(endpoint: string) {
    super(endpoint, { commitment: "confirmed" });
    this.blockhash = ttlCache(SIMULATION_BLOCKHASH_MS, () => super.getLatestBlockhash());
  }

  override getLatestBlockhash(): Promise<BlockhashWithExpiryBlockHeight> {
    return this.blockhash.get();
  }
}

const decimal = (value: I80F48): string => fx.toDecimal(value);
const orNull = (value: I80F48 | null): string | null => (value === null ? null : decimal(value));

function balanceDtos(account: MarginfiAccount): BalanceDto[] {
  return account.lendingAccount.balances.map((b) => ({
    bankPk: b.bankPk,
    active: b.active !== 0,
    assetShares: decimal(b.assetShares),
    liabilityShares: decimal(b.liabilityShares),
    emissionsOutstanding: decimal(b.emissionsOutstanding),
    lastUpdate: Number(b.lastUpdate),
  }));
}

function simulationErrorDto(error: unknown): SimulationErrorDto {
  if (error instanceof HealthCacheSimulationError)
    return { message: error.message, mrgnErr: error.mrgnErr, internalErr: error.internalErr };
  return { message: errorMessage(error) ?? "Health simulation failed", mrgnErr: null, internalErr: null };
}

/**
 * The health cache shown: with status 0 every field is the simulated pulse's; with status 2 the six values are the
 * local computation at the snapshot's clock (the timestamp), and flags, prices and error codes are those the
 * program stored at the account's last pulse.
 */
function healthCacheDto(
  cache: HealthCache,
  health: AccountHealth,
  timestamp: bigint,
  status: "onchain" | "computed",
  error: unknown,
): HealthCacheDto {
  return {
    assetValue: decimal(health.initial.assets),
    liabilityValue: decimal(health.initial.liabilities),
    assetValueMaint: decimal(health.maintenance.assets),
    liabilityValueMaint: decimal(health.maintenance.liabilities),
    assetValueEquity: decimal(health.equity.assets),
    liabilityValueEquity: decimal(health.equity.liabilities),
    timestamp: Number(timestamp),
    flags: cache.flags,
    prices: [...cache.prices],
    mrgnErr: cache.mrgnErr,
    internalErr: cache.internalErr,
    internalLiqErr: cache.internalLiqErr,
    internalBankruptcyErr: cache.internalBankruptcyErr,
    simulationStatus: HEALTH_SIMULATION_STATUS_CODES[status],
    simulationError: status === "onchain" ? null : simulationErrorDto(error),
  };
}

function positionDtos(risk: AccountRisk): PositionDto[] {
  return userPositions(risk).map((p) => ({
    bank: p.bank,
    amount: decimal(p.amount),
    usdValue: orNull(p.usdValue),
    isLending: p.isLending,
    isDust: p.isDust,
    liquidationPrice: orNull(p.liquidationPrice),
  }));
}

const hasFlag = (flags: bigint, flag: bigint): boolean => (flags & flag) !== 0n;

interface CachedView<T> {
  /** When the load that produced `value` started (ms). */
  readonly at: number;
  readonly value: Promise<T>;
  refreshing: boolean;
}

/** Least time (ms) between two reloads of one key that readers forced by refusing the cached value. */
export const RELOAD_GAP_MS = 100;

interface Reload<T> {
  /** When the reload starts (ms), one gap after the key's previous one at the earliest. */
  readonly startsAt: number;
  readonly value: Promise<T>;
  settled: boolean;
}

const pause = (ms: number): Promise<void> => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * A keyed cache that never makes a busy key's readers wait for the ledger: a value younger than `ttlMs` is served
 * as is; one younger than twice that is served while a single refresh runs; anything older is loaded afresh. A
 * failed load is not kept. With a ttl of 0 nothing is cached. Keys past `maxKeys` evict the oldest.
 *
 * A reader that already knows of something newer (a notification's slot) passes `accept`: a cached value it refuses
 * is loaded again, one load shared by every reader refusing at the same time, and the new value is kept for all.
 * Such reloads of one key start at least RELOAD_GAP_MS apart, so readers refusing every value (naming a slot the
 * ledger has not reached) wait their turn instead of making the server read the account once per request.
 */
export function refreshingCache<T>(ttlMs: number, load: (key: string) => Promise<T>, maxKeys: number, now: () => number = Date.now) {
  const entries = new Map<string, CachedView<T>>();
  /** The latest reload each key's readers forced, kept until one gap after it settled. */
  const reloads = new Map<string, Reload<T>>();
  const start = (key: string): CachedView<T> => {
    const entry: CachedView<T> = { at: now(), value: load(key), refreshing: false };
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry;
  };
  const keep = (key: string, entry: CachedView<T>): void => {
    if (!entries.has(key) && entries.size >= maxKeys) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
  };
  const served = (key: string): Promise<T> => {
    const entry = entries.get(key);
    const age = entry ? now() - entry.at : Infinity;
    if (entry && age < ttlMs) return entry.value;
    if (entry && age < 2 * ttlMs) {
      if (!entry.refreshing) {
        entry.refreshing = true;
        const next = start(key);
        next.value.then(
          // A reload started meanwhile read the ledger later than this refresh did.
          () => {
            if ((entries.get(key)?.at ?? -Infinity) <= next.at) entries.set(key, next);
          },
          () => {
            entry.refreshing = false;
          },
        );
      }
      return entry.value;
    }
    const fresh = start(key);
    keep(key, fresh);
    return fresh.value;
  };
  const reload = (key: string, join: boolean): Promise<T> => {
    const last = reloads.get(key);
    if (join && last && !last.settled) return last.value;
    const startsAt = Math.max(now(), last ? last.startsAt + RELOAD_GAP_MS : -Infinity);
    const value = pause(startsAt - now()).then(() => {
      const fresh = start(key);
      keep(key, fresh);
      return fresh.value;
    });
    const entry: Reload<T> = { startsAt, value, settled: false };
    reloads.set(key, entry);
    const settle = () => {
      entry.settled = true;
      setTimeout(() => {
        if (reloads.get(key) === entry) reloads.delete(key);
      }, RELOAD_GAP_MS).unref();
    };
    value.then(settle, settle);
    return value;
  };
  return async (key: string, accept?: (value: T) => boolean): Promise<T> => {
    if (ttlMs <= 0) return load(key);
    const value = await served(key);
    if (!accept || accept(value)) return value;
    // A reload joined may have started before what this reader knows of: then one of its own, and that is final.
    const joined = await reload(key, true);
    return accept(joined) ? joined : reload(key, false);
  };
}

export interface AccountReader {
  /** The account's view; 404 "Account not found" unless it is a margin account of one of the server's markets. */
  accountView(address: string): Promise<AccountDto>;
}

/** The markets an account reader values accounts in: which groups it serves, and each one's snapshot. */
export interface ServedMarkets {
  serves(group: string): boolean;
  /** The group's snapshot; with `loadedSince` (ms), one whose load started no earlier. */
  market(group: string, loadedSince?: number): Promise<Market>;
}

export function accountReader(
  connection: Connection,
  config: Pick<ServerConfig, "programId" | "rpcUrl">,
  markets: ServedMarkets,
): AccountReader {
  const simulationConnection = new HealthSimulationConnection(config.rpcUrl);
  const programId = new PublicKey(config.programId);

  async function loadAccount(address: string): Promise<{ account: MarginfiAccount; slot: number }> {
    let read;
    try {
      read = await connection.getAccountInfoAndContext(new PublicKey(address));
    } catch (error) {
      throw upstreamError(`Failed to read the account from the ledger: ${errorMessage(error) ?? "unknown error"}`);
    }
    const info = read.value;
    if (info === null || !info.owner.equals(programId)) throw notFound("Account not found");
    let account: MarginfiAccount;
    try {
      account = decodeMarginfiAccount(info.data);
    } catch (error) {
      if (error instanceof AccountDecodeError) throw notFound("Account not found");
      throw error;
    }
    if (!markets.serves(account.group)) throw notFound("Account not found");
    return { account, slot: read.context.slot };
  }

  return {
    async accountView(address) {
      const readAt = Date.now();
      const { account, slot } = await loadAccount(address);
      let snapshot = await markets.market(account.group);
      // A balance in a bank added since the snapshot was loaded: a snapshot loaded after the account was read holds it.
      if (account.lendingAccount.balances.some((b) => b.active !== 0 && !snapshot.banks.has(b.bankPk))) {
        snapshot = await markets.market(account.group, readAt);
      }
      const balances = account.lendingAccount.balances;
      const banks = marketBankLookup(snapshot);
      let risk: AccountRisk;
      let pulse: TransactionInstruction;
      try {
        risk = accountRisk(balances, snapshot.banks);
        pulse = pulseAccountHealthInstruction({
          marginfiAccount: new PublicKey(address),
          riskAccounts: riskAccounts(account, banks),
          programId,
        });
      } catch (error) {
        // Not even a snapshot loaded after the account was read holds the balance's bank.
        throw upstreamError(errorMessage(error) ?? "Bank not found");
      }
      // The SDK's accountHealthWithSimulation in two steps: the reply needs the simulated cache's timestamp, flags
      // and prices too, which that helper does not return.
      let health: AccountHealth;
      let healthCache: HealthCacheDto;
      try {
        const simulated = await simulateAccountHealth({
          connection: simulationConnection,
          pulseHealthInstruction: pulse,
          refreshes: await accountHealthRefreshes(connection, account, banks),
          payer: new PublicKey(account.authority),
        });
        health = healthFromCache(simulated.healthCache);
        healthCache = healthCacheDto(simulated.healthCache, health, simulated.healthCache.timestamp, "onchain", null);
      } catch (simulationError) {
        health = risk.health;
        healthCache = healthCacheDto(account.healthCache, health, snapshot.now, "computed", simulationError);
      }
      const factor = healthFactor(health.maintenance);
      return {
        address,
        slot,
        group: account.group,
        authority: account.authority,
        balances: balanceDtos(account),
        accountFlags: account.accountFlags.toString(),
        disabled: hasFlag(account.accountFlags, AccountFlags.ACCOUNT_DISABLED),
        inFlashloan: hasFlag(account.accountFlags, AccountFlags.ACCOUNT_IN_FLASHLOAN),
        transferAuthorityAllowed: hasFlag(account.accountFlags, AccountFlags.ACCOUNT_TRANSFER_AUTHORITY_DEPRECATED),
        emissionsDestinationAccount: account.emissionsDestinationAccount,
        lastUpdate: Number(account.lastUpdate),
        healthCache,
        health: {
          factor: decimal(factor),
          bar: decimal(healthBar(factor)),
          freeCollateral: decimal(freeCollateral(health.initial)),
          liquidationRisk: isLiquidationRisk({ ...risk, health }),
        },
        positions: positionDtos(risk),
      };
    },
  };
}

/** Account views kept at once; each is fresh for `marketCacheMs`, like the snapshot it is computed from. */
const ACCOUNT_VIEW_KEYS = 1_000;

/**
 * An account's view, cached as refreshingCache says; with `minContextSlot`, never one read before that slot (a reader
 * who saw the account change there).
 */
export type AccountViews = (address: string, minContextSlot?: number) => Promise<AccountDto>;

/** The server's one cache of account views, shared by every route that shows an account. */
export function accountViews(
  connection: Connection,
  config: Pick<ServerConfig, "programId" | "rpcUrl" | "marketCacheMs">,
  markets: ServedMarkets,
): AccountViews {
  const reader = accountReader(connection, config, markets);
  const cache = refreshingCache(config.marketCacheMs, (address) => reader.accountView(address), ACCOUNT_VIEW_KEYS);
  return (address, minContextSlot) => cache(address, minContextSlot === undefined ? undefined : (view) => view.slot >= minContextSlot);
}
