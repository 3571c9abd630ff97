// An account holding many banks, as the sandbox's simulated users end up: its borrow's health check names every bank
// with its oracle, more keys than a 1232-byte transaction holds, so the action is refused before anything is signed
// with the spec's "Single instruction too large to fit in a transaction". With the market's address lookup table the
// same borrow lands.
import type { PublicKey, VersionedTransaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestBank, TestMarket } from "../../../protocol/test/support/market.js";
import { borrowAction, type ActionContext, type ActionWallet } from "../../src/actions/index.js";
import { marketLookupTableKeys } from "../../src/actions/lookup-tables.js";
import { createLookupTableTransactions } from "../../src/instructions/lookup-tables.js";
import { associatedTokenAddress } from "../../src/instructions/tokens.js";
import { ProcessTransactionError } from "../../src/transactions/index.js";
import { EXTRA_BANKS, startManyBankAccount, type ManyBankAccount } from "./many-banks.js";
import { act, activeBanks, context, lendingMarketConfig, loadLendingMarket, marginAccount, tokens } from "./support.js";

const BORROWED = 5_000_000n;

let setup: ManyBankAccount;
let market: TestMarket;
let all: TestBank[];
let usdc: TestBank;
let marginfiAccount: PublicKey;
let signed = 0;
let owner: PublicKey;
let ctx: ActionContext;

beforeAll(async () => {
  setup = await startManyBankAccount();
  ({ market, all, usdc, marginfiAccount } = setup);
  owner = setup.owner.publicKey;
  const wallet: ActionWallet = {
    publicKey: owner,
    async signTransaction(transaction: VersionedTransaction) {
      signed++;
      transaction.sign([setup.owner]);
      return transaction;
    },
  };
  ctx = context(market, wallet);
  expect(activeBanks(await marginAccount(market, marginfiAccount))).toHaveLength(1 + EXTRA_BANKS);
});
afterAll(() => market?.close());

const borrow = async (extra: Partial<ActionContext> = {}) =>
  borrowAction({
    ...ctx,
    ...extra,
    marginfiAccount,
    account: await marginAccount(market, marginfiAccount),
    bank: usdc.key.toBase58(),
    market: await loadLendingMarket(market),
    amount: BORROWED,
  });

describe("an account holding many banks", () => {
  it("is refused before signing when its borrow does not fit one transaction", async () => {
    const before = signed;
    const error = (await act(market, borrow).catch((e: unknown) => e)) as ProcessTransactionError;
    expect(error).toBeInstanceOf(ProcessTransactionError);
    expect(error.message).toBe("Single instruction too large to fit in a transaction");
    expect(signed).toBe(before);
  });

  it("borrows with the market's lookup table", async () => {
    const keys = marketLookupTableKeys(await loadLendingMarket(market), lendingMarketConfig(market));
    // The group, three programs, and five keys per bank (bank, mint, vault, vault authority, oracle).
    expect(keys).toHaveLength(4 + 5 * all.length);
    const { address, transactions } = createLookupTableTransactions({
      authority: market.admin.publicKey,
      payer: market.admin.publicKey,
      recentSlot: Number(market.ledger.slot()),
      addresses: keys,
    });
    expect(transactions).toHaveLength(Math.ceil(keys.length / 20));
    for (const instructions of transactions) await market.send(instructions, [market.admin]);
    // A table serves transactions from the slot after its last extension.
    market.ledger.warpToTime(market.now());
    const table = (await market.connection.getAddressLookupTable(address)).value!;
    expect(table.state.addresses.map((k) => k.toBase58())).toEqual(keys.map((k) => k.toBase58()));

    const result = await act(market, () => borrow({ lookupTables: [table] }));
    expect(result.signatures).toHaveLength(1);
    const landed = await market.connection.getTransaction(result.signatures[0]!, {
      commitment: "confirmed",
      maxSupportedTransactionVersion: 0,
    });
    expect(landed?.meta?.err).toBeNull();
    expect(landed?.transaction.message.addressTableLookups.map((l) => l.accountKey.toBase58())).toEqual([address.toBase58()]);
    expect(await tokens(market, associatedTokenAddress(usdc.mint, owner))).toBe(BORROWED);
    expect(activeBanks(await marginAccount(market, marginfiAccount))).toHaveLength(2 + EXTRA_BANKS);
  });
});
