// An account holding many banks, as the sandbox's simulated users end up: SOL and EXTRA_BANKS further banks deposited,
// so a borrow's health check (with the borrowed USDC) names 14 banks with their oracles, more keys than a 1232-byte
// transaction holds without a lookup table. Shared by the SDK's lookup-table test and the web app's.
import type { Keypair, PublicKey } from "@solana/web3.js";
import type { TestBank, TestMarket } from "../../../protocol/test/support/market.js";
import { depositAction } from "../../src/actions/index.js";
import { SOL, act, browserWallet, context, fundedWallet, loadLendingMarket, startActionMarket } from "./support.js";

/** Banks the account deposits into besides SOL. */
export const EXTRA_BANKS = 12;

export interface ManyBankAccount {
  readonly market: TestMarket;
  readonly usdc: TestBank;
  /** Every bank of the market: SOL, USDC and the extra ones. */
  readonly all: TestBank[];
  readonly owner: Keypair;
  readonly marginfiAccount: PublicKey;
}

export async function startManyBankAccount(): Promise<ManyBankAccount> {
  const m = await startActionMarket();
  const { market } = m;
  const extra: TestBank[] = [];
  for (let i = 0; i < EXTRA_BANKS; i++) {
    extra.push(await market.addBank(6, i % 2 === 0 ? { kind: "pyth", price: 1 } : { kind: "switchboard", price: 1 }));
  }
  const all = [m.sol, m.usdc, ...extra];
  const owner = await fundedWallet(market, 50n);
  const ctx = context(market, browserWallet(owner));
  const { marginfiAccount } = await act(market, async () =>
    depositAction({ ...ctx, bank: m.sol.key.toBase58(), market: await loadLendingMarket(market), amount: 10n * SOL }),
  );
  for (const bank of extra) {
    await market.fund(owner, bank, 1_000_000n);
    await act(market, async () =>
      depositAction({ ...ctx, marginfiAccount, bank: bank.key.toBase58(), market: await loadLendingMarket(market), amount: 1_000_000n }),
    );
  }
  return { market, usdc: m.usdc, all, owner, marginfiAccount };
}
