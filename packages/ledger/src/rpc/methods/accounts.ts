import type { Account, Address } from "../../account.js";
import { accountFilters, accountOptions, checkEncodable, encodeAccount, matchesFilters, type AccountEncodingOptions } from "../accounts.js";
import { lookupOf, withContext, type MethodTable, type RpcContext } from "../context.js";
import { invalidParam, invalidParams, scanAborted } from "../errors.js";
import { capped, config, contextConfig, optionalBoolean, positional, pubkey } from "../params.js";
import { isTokenProgram, readMint, readTokenAccount, uiTokenAmount, TOKEN_PROGRAM_ID } from "../token.js";

/** Account reads: balances, account data, program and token account queries. */

const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_TOKEN_LARGEST_ACCOUNTS = 20;

function encoder(ctx: RpcContext, options: AccountEncodingOptions): (account: Account) => Record<string, unknown> {
  const lookup = lookupOf(ctx.ledger);
  return (account) => {
    checkEncodable(account, options);
    return encodeAccount(account, options, ctx.parseAccount, lookup);
  };
}

function keyed(pairs: Iterable<[Address, Account]>, encode: (account: Account) => Record<string, unknown>) {
  const out: { pubkey: Address; account: Record<string, unknown> }[] = [];
  for (const [address, account] of pairs) out.push({ pubkey: address, account: encode(account) });
  return out;
}

/** Charges a scan's result to the message's scan budget, aborting the scan as Solana does once it is spent. */
function chargeScan(ctx: RpcContext, account: Account): void {
  if (ctx.scan && !ctx.scan.charge(account.data.length)) throw scanAborted();
}

/** Decimals of a mint, with Solana's refusals when it is missing or not a mint. */
function mintDecimals(ctx: RpcContext, mint: Address): number {
  const account = ctx.ledger.getAccount(mint);
  if (!account) throw invalidParam("could not find mint");
  const fields = readMint(account);
  if (!fields) throw invalidParam("mint could not be unpacked");
  return fields.decimals;
}

export const accountMethods: MethodTable = {
  getBalance(params, { ledger }) {
    const [address, cfg] = positional(params, 1, 2);
    const key = pubkey(address);
    contextConfig(config(cfg, "RpcContextConfig"), ledger);
    return withContext(ledger, ledger.getAccount(key)?.lamports ?? 0n);
  },

  getAccountInfo(params, ctx) {
    const [address, cfgValue] = positional(params, 1, 2);
    const key = pubkey(address);
    const cfg = config(cfgValue, "RpcAccountInfoConfig");
    contextConfig(cfg, ctx.ledger);
    const account = ctx.ledger.getAccount(key);
    return withContext(ctx.ledger, account ? encoder(ctx, accountOptions(cfg))(account) : null);
  },

  getMultipleAccounts(params, ctx) {
    const [addresses, cfgValue] = positional(params, 1, 2);
    const keys = capped(addresses, MAX_MULTIPLE_ACCOUNTS).map(pubkey);
    const cfg = config(cfgValue, "RpcAccountInfoConfig");
    contextConfig(cfg, ctx.ledger);
    const encode = encoder(ctx, accountOptions(cfg));
    return withContext(
      ctx.ledger,
      keys.map((key) => {
        const account = ctx.ledger.getAccount(key);
        return account ? encode(account) : null;
      }),
    );
  },

  getProgramAccounts(params, ctx) {
    const [program, cfgValue] = positional(params, 1, 2);
    const owner = pubkey(program);
    const cfg = config(cfgValue, "RpcProgramAccountsConfig");
    const filters = accountFilters(cfg.filters);
    const options = accountOptions(cfg);
    contextConfig(cfg, ctx.ledger);
    const matching: [Address, Account][] = [];
    for (const [address, account] of ctx.ledger.accountsOwnedBy(owner)) {
      if (!matchesFilters(account, filters)) continue;
      chargeScan(ctx, account);
      matching.push([address, account]);
    }
    const value = keyed(matching, encoder(ctx, options));
    return optionalBoolean(cfg.withContext, false) ? withContext(ctx.ledger, value) : value;
  },

  getTokenAccountsByOwner(params, ctx) {
    const [ownerValue, filterValue, cfgValue] = positional(params, 2, 3);
    const owner = pubkey(ownerValue);
    const filter = config(filterValue, "RpcTokenAccountsFilter");
    let program: Address;
    let mint: Address | null = null;
    if (filter.mint !== undefined && filter.programId === undefined) {
      mint = pubkey(filter.mint);
      const mintAccount = ctx.ledger.getAccount(mint);
      if (!mintAccount) throw invalidParam("could not find mint");
      if (!isTokenProgram(mintAccount.owner)) throw invalidParam("not a Token mint");
      program = mintAccount.owner;
    } else if (filter.programId !== undefined && filter.mint === undefined) {
      program = pubkey(filter.programId);
      if (!isTokenProgram(program)) throw invalidParam("unrecognized Token program id");
    } else {
      throw invalidParams("Invalid params: expected exactly one of `mint` or `programId`.");
    }
    const cfg = config(cfgValue, "RpcAccountInfoConfig");
    contextConfig(cfg, ctx.ledger);
    const options = accountOptions(cfg);
    const matching: [Address, Account][] = [];
    for (const [address, account] of ctx.ledger.accountsOwnedBy(program)) {
      const fields = readTokenAccount(account);
      if (!fields || fields.owner !== owner || (mint !== null && fields.mint !== mint)) continue;
      chargeScan(ctx, account);
      matching.push([address, account]);
    }
    return withContext(ctx.ledger, keyed(matching, encoder(ctx, options)));
  },

  getTokenAccountBalance(params, ctx) {
    const [address, cfg] = positional(params, 1, 2);
    const key = pubkey(address);
    contextConfig(config(cfg, "CommitmentConfig"), ctx.ledger);
    const account = ctx.ledger.getAccount(key);
    if (!account) throw invalidParam("could not find account");
    const fields = readTokenAccount(account);
    if (!fields) throw invalidParam("not a Token account");
    return withContext(ctx.ledger, uiTokenAmount(fields.amount, mintDecimals(ctx, fields.mint)));
  },

  getTokenSupply(params, ctx) {
    const [address, cfg] = positional(params, 1, 2);
    const key = pubkey(address);
    contextConfig(config(cfg, "CommitmentConfig"), ctx.ledger);
    const account = ctx.ledger.getAccount(key);
    if (!account) throw invalidParam("could not find account");
    const fields = readMint(account);
    if (!fields) throw invalidParam("not a Token mint");
    return withContext(ctx.ledger, uiTokenAmount(fields.supply, fields.decimals));
  },

  getTokenLargestAccounts(params, ctx) {
    const [address, cfg] = positional(params, 1, 2);
    const mint = pubkey(address);
    contextConfig(config(cfg, "CommitmentConfig"), ctx.ledger);
    const decimals = mintDecimals(ctx, mint);
    const program = ctx.ledger.getAccount(mint)?.owner ?? TOKEN_PROGRAM_ID;
    const holders: { address: Address; amount: bigint }[] = [];
    for (const [holder, account] of ctx.ledger.accountsOwnedBy(program)) {
      const fields = readTokenAccount(account);
      if (fields && fields.mint === mint) holders.push({ address: holder, amount: fields.amount });
    }
    holders.sort((a, b) => (a.amount < b.amount ? 1 : a.amount > b.amount ? -1 : 0));
    return withContext(
      ctx.ledger,
      holders.slice(0, MAX_TOKEN_LARGEST_ACCOUNTS).map((h) => ({ address: h.address, ...uiTokenAmount(h.amount, decimals) })),
    );
  },
};
