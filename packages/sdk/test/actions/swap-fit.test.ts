// How a swap flow finds a route small enough for its transaction: it asks for 40 accounts, then 30, 20 and 14, and
// stops at the first whose transaction fits in 1232 bytes; when none does it refuses with the sizes. The swap API is
// a stand-in here that answers each maxAccounts with a swap instruction naming that many fresh accounts, so the
// sizes are exact; the flows against the real quote API are in apps/server/test/swap-flows.test.ts.
import { Connection, Keypair, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { keypairWallet } from "../../src/transactions/index.js";
import {
  JUPITER_SWAP_API_URL,
  MAINNET_GENESIS_HASH,
  SwapClient,
  defaultSwapApiUrl,
  type SwapInstructions,
  type SwapInstructionsRequest,
  type SwapQuote,
  type SwapQuoteRequest,
} from "../../src/swap/client.js";
import { MAX_ACCOUNTS_STEPS, fitSwap, maxAccountsSteps, type SwapFlowContext } from "../../src/actions/swap-flows/plan.js";
import { BallastSdkError } from "../../src/errors.js";
import type { Market } from "../../src/state/market.js";

const ROUTER = new PublicKey("JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4");

/** A swap API whose routes name exactly `maxAccounts` accounts, recording what it was asked. */
class SizedRoutes extends SwapClient {
  readonly asked: (number | undefined)[] = [];

  constructor() {
    super("http://127.0.0.1:9/api/swap/v1");
  }

  override quote(request: SwapQuoteRequest): Promise<SwapQuote> {
    this.asked.push(request.maxAccounts);
    return Promise.resolve({
      inputMint: request.inputMint,
      outputMint: request.outputMint,
      inAmount: request.amount.toString(),
      outAmount: request.amount.toString(),
      otherAmountThreshold: request.amount.toString(),
      swapMode: "ExactIn",
      slippageBps: request.slippageBps,
      priceImpactPct: "0",
      routePlan: [],
      contextSlot: request.maxAccounts ?? 0,
    } as SwapQuote);
  }

  override instructions(request: SwapInstructionsRequest): Promise<SwapInstructions> {
    const accounts = request.quote.contextSlot ?? 0;
    const keys = Array.from({ length: accounts }, () => ({ pubkey: Keypair.generate().publicKey, isSigner: false, isWritable: true }));
    return Promise.resolve({
      setup: [],
      swap: new TransactionInstruction({ programId: ROUTER, keys, data: Buffer.alloc(24) }),
      cleanup: [],
      lookupTableAddresses: [],
    });
  }
}

function context(swap: SwapClient): SwapFlowContext {
  return {
    connection: new Connection("http://127.0.0.1:9"),
    wallet: keypairWallet(Keypair.generate()),
    programId: Keypair.generate().publicKey,
    market: { banks: new Map() } as unknown as Market,
    swap,
    slippageBps: 50,
  };
}

const request = { inputMint: ROUTER.toBase58(), outputMint: ROUTER.toBase58(), amount: 1_000n, swapMode: "ExactIn" as const };

describe("fitting a route into one transaction", () => {
  it("asks again with fewer accounts until the transaction fits, and returns the size it measured", async () => {
    const swap = new SizedRoutes();
    // Without lookup tables each account costs 32 bytes: beside 300 bytes of other data 40 and 30 do not fit, 20 does.
    const others = new TransactionInstruction({ programId: ROUTER, keys: [], data: Buffer.alloc(300) });
    const fitted = await fitSwap(context(swap), request, (_quote, route) => ({
      instructions: [others, route.swap],
      flashLoan: true,
      signers: [],
    }));
    expect(swap.asked).toEqual([40, 30, 20]);
    expect(fitted.size).toBeLessThanOrEqual(1232);
    expect(fitted.swap.swap.keys).toHaveLength(20);
  });

  it("refuses with a clear message when even the smallest route does not fit", async () => {
    const swap = new SizedRoutes();
    const padding = new TransactionInstruction({ programId: ROUTER, keys: [], data: Buffer.alloc(900) });
    const attempt = fitSwap(context(swap), request, (_quote, route) => ({
      instructions: [padding, route.swap],
      flashLoan: true,
      signers: [],
    }));
    await expect(attempt).rejects.toThrow(BallastSdkError);
    await expect(
      fitSwap(context(new SizedRoutes()), request, (_q, route) => ({ instructions: [padding, route.swap], flashLoan: true, signers: [] })),
    ).rejects.toThrow(/^No swap route fits in one transaction with the flash loan \(smallest \d+ bytes of 1232\)$/);
    expect(swap.asked).toEqual([...MAX_ACCOUNTS_STEPS]);
  });
});

describe("a cap on the route's accounts", () => {
  it("drops the larger steps, starts at the cap itself, and tries a cap below every step alone", () => {
    expect(maxAccountsSteps()).toEqual([40, 30, 20, 14]);
    expect(maxAccountsSteps(64)).toEqual([64, 40, 30, 20, 14]);
    expect(maxAccountsSteps(30)).toEqual([30, 20, 14]);
    expect(maxAccountsSteps(25)).toEqual([25, 20, 14]);
    expect(maxAccountsSteps(10)).toEqual([10]);
  });
});

describe("the default swap API", () => {
  it("is our server's quote API on a local chain and Jupiter's public API on mainnet", () => {
    const local = "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY";
    expect(defaultSwapApiUrl("http://127.0.0.1:3000/", local)).toBe("http://127.0.0.1:3000/api/swap/v1");
    expect(defaultSwapApiUrl("http://127.0.0.1:3000", MAINNET_GENESIS_HASH)).toBe(JUPITER_SWAP_API_URL);
    expect(JUPITER_SWAP_API_URL).toBe("https://lite-api.jup.ag/swap/v1");
  });
});
