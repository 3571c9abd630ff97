// The swap venue as the SDK reaches it: Jupiter's Swap API v1 through Jupiter's own client, pointed at our server's
// quote API by default or at Jupiter's public API on mainnet. Quotes and swap instructions come back in Jupiter's
// shapes; instructions are turned into web3.js ones here, once.
import { Configuration, ResponseError, SwapApi, type Instruction, type QuoteResponse } from "@jup-ag/api";
import { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { BallastSdkError } from "../errors.js";

/** Jupiter's public Swap API v1 (no key), for mainnet. */
export const JUPITER_SWAP_API_URL = "https://lite-api.jup.ag/swap/v1";

/** The quote API our server serves, beside its other routes. */
export function swapApiUrl(serverUrl: string): string {
  return `${serverUrl.replace(/\/+$/, "")}/api/swap/v1`;
}

/** Solana mainnet-beta's genesis hash (getGenesisHash): the cluster whose pools Jupiter's own API routes over. */
export const MAINNET_GENESIS_HASH = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d";

/** Where swaps are quoted by default: Jupiter's public API on mainnet, our server's quote API on any other chain. */
export function defaultSwapApiUrl(serverUrl: string, genesisHash: string): string {
  return genesisHash === MAINNET_GENESIS_HASH ? JUPITER_SWAP_API_URL : swapApiUrl(serverUrl);
}

export type SwapQuote = QuoteResponse;
export type SwapMode = "ExactIn" | "ExactOut";

export interface SwapQuoteRequest {
  readonly inputMint: string;
  readonly outputMint: string;
  /** Native units: the input for ExactIn, the output for ExactOut. */
  readonly amount: bigint;
  readonly swapMode?: SwapMode;
  readonly slippageBps: number;
  /** Routes naming more distinct accounts are left out: a flash-loan transaction has little room. */
  readonly maxAccounts?: number;
}

export interface SwapInstructionsRequest {
  readonly quote: SwapQuote;
  readonly user: PublicKey;
  /** False in flash-loan flows: the tokens are already in (and stay in) the wallet's wrapped-SOL account. */
  readonly wrapAndUnwrapSol: boolean;
  /** A token account receiving the output instead of the wallet's associated one. */
  readonly destinationTokenAccount?: PublicKey;
}

/** The swap's instructions in transaction order, and the lookup tables its accounts are in. */
export interface SwapInstructions {
  readonly setup: readonly TransactionInstruction[];
  readonly swap: TransactionInstruction;
  readonly cleanup: readonly TransactionInstruction[];
  readonly lookupTableAddresses: readonly PublicKey[];
}

function webInstruction(ix: Instruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(ix.programId),
    keys: ix.accounts.map((meta) => ({ pubkey: new PublicKey(meta.pubkey), isSigner: meta.isSigner, isWritable: meta.isWritable })),
    data: Buffer.from(ix.data, "base64"),
  });
}

/** The API's own wording of a refusal ({ error } in Jupiter's and our API's bodies), else the HTTP status. */
async function apiMessage(error: unknown): Promise<string> {
  if (!(error instanceof ResponseError)) return error instanceof Error ? error.message : String(error);
  const body: unknown = await error.response.json().catch(() => null);
  const message = body !== null && typeof body === "object" && "error" in body ? body.error : null;
  return typeof message === "string" ? message : `HTTP ${error.response.status}`;
}

async function calling<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const status = error instanceof ResponseError ? error.response.status : null;
    const message = await apiMessage(error);
    throw new BallastSdkError(status !== null && status < 500 ? "SWAP_REFUSED" : "SWAP_API_FAILED", { message });
  }
}

export class SwapClient {
  private readonly api: SwapApi;

  /** `baseUrl`: swapApiUrl(serverUrl) for our venue, JUPITER_SWAP_API_URL for Jupiter's on mainnet. */
  constructor(readonly baseUrl: string) {
    // createJupiterApiClient always targets Jupiter's host; the generated SwapApi takes any basePath.
    this.api = new SwapApi(new Configuration({ basePath: baseUrl.replace(/\/+$/, "") }));
  }

  quote(request: SwapQuoteRequest): Promise<SwapQuote> {
    if (request.amount <= 0n || request.amount > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new BallastSdkError("SWAP_AMOUNT_OUT_OF_RANGE", { amount: request.amount });
    }
    return calling(() =>
      this.api.quoteGet({
        inputMint: request.inputMint,
        outputMint: request.outputMint,
        amount: Number(request.amount),
        swapMode: request.swapMode ?? "ExactIn",
        slippageBps: request.slippageBps,
        maxAccounts: request.maxAccounts,
      }),
    );
  }

  async instructions(request: SwapInstructionsRequest): Promise<SwapInstructions> {
    const response = await calling(() =>
      this.api.swapInstructionsPost({
        swapRequest: {
          userPublicKey: request.user.toBase58(),
          quoteResponse: request.quote,
          wrapAndUnwrapSol: request.wrapAndUnwrapSol,
          destinationTokenAccount: request.destinationTokenAccount?.toBase58(),
        },
      }),
    );
    return {
      setup: response.setupInstructions.map(webInstruction),
      swap: webInstruction(response.swapInstruction),
      cleanup: response.cleanupInstruction ? [webInstruction(response.cleanupInstruction)] : [],
      lookupTableAddresses: response.addressLookupTableAddresses.map((address) => new PublicKey(address)),
    };
  }
}
