// An action whose transaction refreshes two Kamino reserves sends one refresh_reserves_batch instead of two
// refresh_reserve: a wallet with positions in two Kamino banks of one market withdraws from one, and the withdrawal's
// health check prices both, so its transaction refreshes both reserves in one instruction, then the obligation.
import { TransactionMessage, type Keypair, type PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { KLEND_PROGRAM_ID, marketProgram } from "@ballast/market";
import { TestMarket } from "../../../protocol/test/support/market.js";
import { depositAction, withdrawAction, type ActionContext } from "../../src/actions/index.js";
import { keypairWallet } from "../../src/transactions/index.js";
import { addKaminoBank, createKaminoReserve, walletTokens, type KaminoReserveFixture } from "../support/kamino-market.js";
import { USDC, act, context, fundedWallet, loadLendingMarket, marginAccount } from "./support.js";

let market: TestMarket;
let banks: PublicKey[];
let fixtures: KaminoReserveFixture[];
let owner: Keypair;
let ctx: ActionContext;

beforeAll(async () => {
  market = await TestMarket.start({ programs: [marketProgram()] });
  owner = await fundedWallet(market);
  fixtures = [];
  banks = [];
  for (const _ of [0, 1]) {
    const mint = await market.createMint(6);
    const feed = (await market.createOracle({ kind: "pyth", price: 1 }))!;
    const fixture = await createKaminoReserve(market, mint, feed, fixtures[0]?.lendingMarket);
    fixtures.push(fixture);
    banks.push(await addKaminoBank(market, mint, feed, fixture));
    await walletTokens(market, mint, 100n * USDC, owner.publicKey);
  }
  ctx = context(market, keypairWallet(owner));
});
afterAll(() => market.close());

/** The landed transaction's market instructions, by their Anchor discriminators. */
async function marketInstructions(signature: string): Promise<string[]> {
  const tx = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  const { instructions } = TransactionMessage.decompile(tx!.transaction.message);
  return instructions.filter((ix) => ix.programId.toBase58() === KLEND_PROGRAM_ID).map((ix) => ix.data.subarray(0, 8).toString("hex"));
}

it("refreshes both reserves of a two-Kamino-bank transaction in one refresh_reserves_batch", async () => {
  const first = await act(market, async () =>
    depositAction({ ...ctx, bank: banks[0]!.toBase58(), market: await loadLendingMarket(market), amount: 10n * USDC }),
  );
  // refresh_reserve, refresh_obligation: one reserve alone is smaller unbatched.
  expect(await marketInstructions(first.signatures[0]!)).toEqual(["02da8aeb4fc91966", "218493e497c04859"]);
  const { marginfiAccount } = first;
  const second = await act(market, async () =>
    depositAction({ ...ctx, marginfiAccount, bank: banks[1]!.toBase58(), market: await loadLendingMarket(market), amount: 10n * USDC }),
  );
  // A deposit has no health check: only its own reserve.
  expect(await marketInstructions(second.signatures[0]!)).toEqual(["02da8aeb4fc91966", "218493e497c04859"]);
  const withdrawal = await act(market, async () =>
    withdrawAction({
      ...ctx,
      marginfiAccount,
      account: await marginAccount(market, marginfiAccount),
      bank: banks[1]!.toBase58(),
      market: await loadLendingMarket(market),
      amount: USDC,
    }),
  );
  expect(await marketInstructions(withdrawal.signatures.at(-1)!)).toEqual(["906e1a67a2ccfc93", "218493e497c04859"]);
});
