// The lending actions end to end on a ledger, once broadcast over RPC and once as a tipped bundle through the
// block engine: a first deposit of native SOL that creates the margin account and wraps the SOL in the same
// transaction, a USDC borrow against it, repay all, withdraw all (the SOL unwrapped), and closing the account.
// Token balances are checked to the native unit and lamports to the lamport, fees read from each landed
// transaction's metadata.
import { NATIVE_MINT } from "@solana/spl-token";
import type { Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeAccountAction,
  depositAction,
  borrowAction,
  repayAllAction,
  withdrawAllAction,
  type ActionContext,
  type ActionWallet,
} from "../../src/actions/index.js";
import { associatedTokenAddress } from "../../src/instructions/tokens.js";
import { TIP_ACCOUNTS, keypairWallet, type BroadcastMethod, type BroadcastResult } from "../../src/transactions/index.js";
import {
  SOL,
  TOKEN_ACCOUNT_SIZE,
  USDC,
  LENDER_LIQUIDITY,
  accountRent,
  act,
  activeBanks,
  browserWallet,
  context,
  exists,
  fundedWallet,
  lamports,
  landed,
  loadLendingMarket,
  marginAccount,
  rent,
  startActionMarket,
  tokens,
  type ActionMarket,
} from "./support.js";

let m: ActionMarket;
beforeAll(async () => {
  m = await startActionMarket();
});
afterAll(() => m.market.close());

interface Route {
  name: string;
  wallet(keypair: Keypair): ActionWallet;
  settings(m: ActionMarket): Partial<ActionContext>;
  method: BroadcastMethod;
  /** Lamports per transaction. */
  tip: bigint;
  /** µlamports per compute unit. */
  price: bigint;
}

const BUNDLE_TIP_ACCOUNT = TIP_ACCOUNTS[3]!;

const ROUTES: Route[] = [
  {
    name: "over RPC, priority tier HIGH, signed by a keypair wallet",
    wallet: keypairWallet,
    settings: () => ({ broadcast: { method: "RPC", priorityTier: "HIGH" } }),
    method: "RPC_BUNDLE",
    tip: 0n,
    // The fallback tier: 1.5 times the 130,000 median.
    price: 195_000n,
  },
  {
    name: "as a bundle with a 50,000-lamport tip, signed by a one-at-a-time wallet",
    wallet: browserWallet,
    settings: (m) => ({
      broadcast: { method: "BUNDLE", bundleTipLamports: 50_000 },
      blockEngineUrl: m.blockEngineUrl,
      tipAccounts: [BUNDLE_TIP_ACCOUNT],
    }),
    method: "API_BUNDLE",
    tip: 50_000n,
    // A bundle pays for inclusion with its tip; the price stays at 1 µlamport.
    price: 1n,
  },
];

describe.each(ROUTES)("lending actions $name", (route) => {
  const deposit = 2n * SOL;
  const borrowed = 150n * USDC;
  let owner: Keypair;
  let ctx: ActionContext;
  let marginfiAccount: PublicKey;
  let startLamports: bigint;
  let feesAndTips = 0n;

  /** Checks the action's broadcast and landed budgets; returns the fees and tips it cost. */
  async function cost(result: BroadcastResult): Promise<bigint> {
    expect(result.method).toBe(route.method);
    expect(result.failedAttempts).toEqual([]);
    expect(result.signatures).toHaveLength(1);
    const { fee, budgets } = await landed(m.market, result.signatures);
    expect(budgets.map((b) => b.price)).toEqual([route.price]);
    feesAndTips += fee + route.tip;
    return fee + route.tip;
  }

  const wsol = () => associatedTokenAddress(NATIVE_MINT, owner.publicKey);
  const usdcAccount = () => associatedTokenAddress(m.usdc.mint, owner.publicKey);
  const lendingMarket = () => loadLendingMarket(m.market);

  beforeAll(async () => {
    owner = await fundedWallet(m.market);
    ctx = context(m.market, route.wallet(owner), route.settings(m));
    startLamports = await lamports(m.market, owner.publicKey);
  });

  it("creates the margin account with a first deposit of native SOL, wrapped in the same transaction", async () => {
    const vault = await tokens(m.market, m.sol.vaults.liquidity);
    const tipAccount = await lamports(m.market, BUNDLE_TIP_ACCOUNT);
    const result = await act(m.market, async () =>
      depositAction({ ...ctx, bank: m.sol.key.toBase58(), market: await lendingMarket(), amount: deposit }),
    );
    marginfiAccount = result.marginfiAccount;
    const paid = await cost(result);

    expect(await lamports(m.market, BUNDLE_TIP_ACCOUNT)).toBe(tipAccount + route.tip);
    expect(await tokens(m.market, m.sol.vaults.liquidity)).toBe(vault + deposit);
    // The 10,000-lamport wrapping buffer stays wrapped.
    expect(await tokens(m.market, wsol())).toBe(10_000n);
    const tokenRent = await rent(m.market, TOKEN_ACCOUNT_SIZE);
    expect(await lamports(m.market, marginfiAccount)).toBe(await accountRent(m.market));
    expect(await lamports(m.market, owner.publicKey)).toBe(
      startLamports - paid - (await accountRent(m.market)) - tokenRent - deposit - 10_000n,
    );
    const account = await marginAccount(m.market, marginfiAccount);
    expect(account.authority).toBe(owner.publicKey.toBase58());
    expect(activeBanks(account)).toEqual([m.sol.key.toBase58()]);
  });

  it("borrows USDC against the SOL, into a token account created on the way", async () => {
    const before = await lamports(m.market, owner.publicKey);
    const vault = await tokens(m.market, m.usdc.vaults.liquidity);
    const result = await act(m.market, async () =>
      borrowAction({
        ...ctx,
        marginfiAccount,
        account: await marginAccount(m.market, marginfiAccount),
        bank: m.usdc.key.toBase58(),
        market: await lendingMarket(),
        amount: borrowed,
      }),
    );
    const paid = await cost(result);
    expect(await tokens(m.market, usdcAccount())).toBe(borrowed);
    expect(await tokens(m.market, m.usdc.vaults.liquidity)).toBe(vault - borrowed);
    expect(await lamports(m.market, owner.publicKey)).toBe(before - paid - (await rent(m.market, TOKEN_ACCOUNT_SIZE)));
    expect(activeBanks(await marginAccount(m.market, marginfiAccount))).toEqual([m.sol.key.toBase58(), m.usdc.key.toBase58()].sort());
  });

  it("repays all of the debt, closing the balance", async () => {
    const before = await lamports(m.market, owner.publicKey);
    const result = await act(m.market, async () =>
      repayAllAction({ ...ctx, marginfiAccount, bank: m.usdc.key.toBase58(), market: await lendingMarket(), amount: borrowed }),
    );
    const paid = await cost(result);
    expect(await tokens(m.market, usdcAccount())).toBe(0n);
    expect(await tokens(m.market, m.usdc.vaults.liquidity)).toBe(LENDER_LIQUIDITY);
    expect(await lamports(m.market, owner.publicKey)).toBe(before - paid);
    expect(activeBanks(await marginAccount(m.market, marginfiAccount))).toEqual([m.sol.key.toBase58()]);
  });

  it("withdraws all the SOL, unwrapped together with the wrapping buffer and the token account's rent", async () => {
    const before = await lamports(m.market, owner.publicKey);
    const vault = await tokens(m.market, m.sol.vaults.liquidity);
    const result = await act(m.market, async () =>
      withdrawAllAction({
        ...ctx,
        marginfiAccount,
        account: await marginAccount(m.market, marginfiAccount),
        bank: m.sol.key.toBase58(),
        market: await lendingMarket(),
      }),
    );
    const paid = await cost(result);
    expect(await tokens(m.market, m.sol.vaults.liquidity)).toBe(vault - deposit);
    expect(await exists(m.market, wsol())).toBe(false);
    expect(await lamports(m.market, owner.publicKey)).toBe(before - paid + deposit + 10_000n + (await rent(m.market, TOKEN_ACCOUNT_SIZE)));
    expect(activeBanks(await marginAccount(m.market, marginfiAccount))).toEqual([]);
  });

  it("closes the account: the wallet is down exactly the fees, the tips and the USDC account's rent", async () => {
    const result = await act(m.market, () => closeAccountAction({ ...ctx, marginfiAccount }));
    await cost(result);
    expect(await exists(m.market, marginfiAccount)).toBe(false);
    expect(await lamports(m.market, owner.publicKey)).toBe(startLamports - feesAndTips - (await rent(m.market, TOKEN_ACCOUNT_SIZE)));
  });
});
