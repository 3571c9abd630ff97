// The client's error messages as real actions meet them: a program error resolved to its description, a wallet
// with no key to pay, an instruction too large for any transaction, and a confirmation that runs out of time.
// (The tip requirement and the bundle-failure prefixes through processTransactions are covered by the
// transactions tests and broadcast-settings.test.ts.)
import { ASSOCIATED_TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { borrowAction, depositAction, repayAllAction, withdrawAction, type ActionWallet } from "../../src/actions/index.js";
import { associatedTokenAddress } from "../../src/instructions/tokens.js";
import { marginfiAccountAddress } from "../../src/instructions/pda.js";
import { ProcessTransactionError, keypairWallet, resolveTransactionError, type Clock } from "../../src/transactions/index.js";
import { PROGRAM, type TestBank, type TestUser } from "../../../protocol/test/support/market.js";
import {
  SOL,
  USDC,
  act,
  activeBanks,
  context,
  exists,
  failure,
  fundedWallet,
  lamports,
  landed,
  loadLendingMarket,
  marginAccount,
  startActionMarket,
  tokens,
  type ActionMarket,
} from "./support.js";

let m: ActionMarket;
beforeAll(async () => {
  m = await startActionMarket();
});
afterAll(() => m.market.close());

describe("a program error", () => {
  let owner: Keypair;
  let marginfiAccount: PublicKey;

  beforeAll(async () => {
    owner = await fundedWallet(m.market);
    ({ marginfiAccount } = await act(m.market, async () =>
      depositAction({
        ...context(m.market, keypairWallet(owner)),
        bank: m.sol.key.toBase58(),
        market: await loadLendingMarket(m.market),
        amount: SOL,
      }),
    ));
  });

  it("borrowing beyond health (DYNAMIC, sent over RPC) is the risk engine's 6009 with its description, and costs nothing", async () => {
    const before = await lamports(m.market, owner.publicKey);
    // $200 of USDC against $150 of SOL at weight 1.
    const error = await act(m.market, async () =>
      failure(
        borrowAction({
          ...context(m.market, keypairWallet(owner), { broadcast: { method: "DYNAMIC" } }),
          marginfiAccount,
          account: await marginAccount(m.market, marginfiAccount),
          bank: m.usdc.key.toBase58(),
          market: await loadLendingMarket(m.market),
          amount: 200n * USDC,
        }),
      ),
    );
    expect(error).toBeInstanceOf(ProcessTransactionError);
    expect(error.message).toBe("RiskEngine rejected due to either bad health or stale oracles");
    expect(error.kind).toBe(1);
    expect(error.code).toBe(6009);
    expect(error.programId).toBe(PROGRAM.toBase58());
    expect(error.type).toBe("TransactionSendingError");
    expect(await lamports(m.market, owner.publicKey)).toBe(before);
    expect(await exists(m.market, associatedTokenAddress(m.usdc.mint, owner.publicKey))).toBe(false);
  });

  it("repaying all of a debt already repaid is 6018 'Bank is missing', which for a repay of USDC says the debt is gone", async () => {
    const ctx = context(m.market, keypairWallet(owner));
    const market = await loadLendingMarket(m.market);
    const account = await marginAccount(m.market, marginfiAccount);
    await act(m.market, () => borrowAction({ ...ctx, marginfiAccount, account, bank: m.usdc.key.toBase58(), market, amount: 10n * USDC }));
    // Built from the same (now stale) view twice: the first repays the debt, the second finds no balance.
    const repayAll = () => repayAllAction({ ...ctx, marginfiAccount, bank: m.usdc.key.toBase58(), market, amount: 10n * USDC });
    await act(m.market, repayAll);
    const error = await act(m.market, () => failure(repayAll()));
    expect(error.message).toBe("Bank is missing");
    expect(error.code).toBe(6018);
    const lendingProgramId = PROGRAM;
    expect(resolveTransactionError(error, { lendingProgramId, action: { action: "repay", symbol: "USDC" } }).message).toBe(
      "You have no USDC debt to repay: it was repaid elsewhere",
    );
    expect(resolveTransactionError(error, { lendingProgramId, action: { action: "withdraw", symbol: "USDC" } }).message).toBe(
      "You have no USDC deposit to withdraw: it was withdrawn elsewhere",
    );
    // Without the action, or for one the code does not explain, the program's wording stays.
    expect(resolveTransactionError(error, { lendingProgramId }).message).toBe("Bank is missing");
    expect(resolveTransactionError(error, { lendingProgramId, action: { action: "deposit", symbol: "USDC" } }).message).toBe(
      "Bank is missing",
    );
  });
});

describe("a wallet that is not connected", () => {
  it("has no fee payer: 'Fee payer and blockhash are required', before anything is built", async () => {
    const disconnected: ActionWallet = { publicKey: null, signTransaction: async (transaction) => transaction };
    const error = await failure(
      depositAction({
        ...context(m.market, disconnected),
        bank: m.sol.key.toBase58(),
        market: await loadLendingMarket(m.market),
        amount: SOL,
      }),
    );
    expect(error.message).toBe("Fee payer and blockhash are required");
    expect(error.type).toBe("TransactionBuildingError");
  });
});

describe("an account with many balances", () => {
  let holder: TestUser;
  let tokenBanks: TestBank[];
  const withdraw = async (bank: TestBank) =>
    withdrawAction({
      ...context(m.market, keypairWallet(holder.wallet)),
      marginfiAccount: holder.account,
      account: await marginAccount(m.market, holder.account),
      bank: bank.key.toBase58(),
      market: await loadLendingMarket(m.market),
      amount: USDC,
    });

  beforeAll(async () => {
    holder = await m.market.newUser();
    tokenBanks = [];
    for (let i = 0; i < 11; i++) tokenBanks.push(await m.market.addBank(6, { kind: "pyth", price: 1 }));
    for (const bank of [m.usdc, ...tokenBanks.slice(0, 10)]) await m.market.deposit(holder, bank, 5n * USDC);
  });

  it("with eleven, a withdrawal's 22 risk accounts leave no room for the token account's creation: two transactions", async () => {
    const bank = tokenBanks[0]!;
    const result = await act(m.market, () => withdraw(bank));
    const { programs } = await landed(m.market, result.signatures);
    expect(programs).toEqual([[ASSOCIATED_TOKEN_PROGRAM_ID], [PROGRAM]]);
    expect(await tokens(m.market, associatedTokenAddress(bank.mint, holder.wallet.publicKey))).toBe(USDC);
  });

  it("with twelve, the withdrawal alone is too large: 'Single instruction too large to fit in a transaction'", async () => {
    await m.market.deposit(holder, tokenBanks[10]!, 5n * USDC);
    expect(activeBanks(await marginAccount(m.market, holder.account))).toHaveLength(12);
    const before = await lamports(m.market, holder.wallet.publicKey);
    const error = await act(m.market, () => failure(withdraw(tokenBanks[0]!)));
    expect(error.message).toBe("Single instruction too large to fit in a transaction");
    expect(error.type).toBe("TransactionBuildingError");
    expect(await lamports(m.market, holder.wallet.publicKey)).toBe(before);
  });
});

describe("a confirmation that runs out of time", () => {
  /** Every reading is 30 s after the last: each confirmation's 20 s deadline has passed before its first check. */
  function slowClock(): Clock {
    let now = 0;
    return { now: () => (now += 30_000), sleep: async () => undefined };
  }

  it("fails with 'Transaction failed to confirm in time.', though the deposit landed", async () => {
    const owner = await fundedWallet(m.market);
    const vault = await tokens(m.market, m.sol.vaults.liquidity);
    const error = await act(m.market, async () =>
      failure(
        depositAction({
          ...context(m.market, keypairWallet(owner), { clock: slowClock() }),
          bank: m.sol.key.toBase58(),
          market: await loadLendingMarket(m.market),
          amount: SOL,
          newAccount: { accountIndex: 0 },
        }),
      ),
    );
    expect(error.message).toBe("Transaction failed to confirm in time.");
    expect(error.type).toBe("TimeoutError");
    expect(await tokens(m.market, m.sol.vaults.liquidity)).toBe(vault + SOL);
    const account = marginfiAccountAddress(m.market.group, owner.publicKey, 0, 0, PROGRAM);
    expect(activeBanks(await marginAccount(m.market, account))).toEqual([m.sol.key.toBase58()]);
  });
});
