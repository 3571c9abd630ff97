// `ballast sandbox price | faucet`: the local chain's price control and faucet, which live in the API server of the
// local product (`npm start`): the server holds the price walk (a price set through it holds before the walk resumes)
// and the faucet's mint authorities. Both refuse unless the server says it runs the local chain and serves the same
// ledger as --url (same genesis hash), so nothing is asked of a server on another chain.
import { Option, type Command } from "commander";
import { Connection } from "@solana/web3.js";
import type { AppConfig, ErrorReply, FaucetSuccess, SandboxPriceRequest, SandboxPriceSuccess } from "@ballast/sdk";
import type { CliContext } from "../context.js";
import { writes } from "../describe.js";
import { InputError, TransactionFailure } from "../errors.js";
import { parseDecimal, parseInteger, parsePubkey } from "../parse.js";

/** The API server's default port (PORT) beside a ledger on its own port. */
export const DEFAULT_SERVER_PORT = 3000;
/** The product's same-origin JSON-RPC path: an --url ending in it names the server's origin. */
const SAME_ORIGIN_RPC_PATH = "/rpc";

/** --server, else the origin of an --url on the server's /rpc passthrough, else the --url host on port 3000. */
export function serverUrlFor(rpcUrl: string, server: string | undefined): string {
  const text = server ?? defaultServer(rpcUrl);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`--server: expected an http(s) URL, got "${text}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InputError(`--server: expected an http(s) URL, got "${text}"`);
  return url.origin;
}

function defaultServer(rpcUrl: string): string {
  const rpc = new URL(rpcUrl);
  if (rpc.pathname.replace(/\/$/, "") === SAME_ORIGIN_RPC_PATH) return rpc.origin;
  return `${rpc.protocol}//${rpc.hostname}:${DEFAULT_SERVER_PORT}`;
}

interface Reply<T> {
  status: number;
  body: T | ErrorReply | null;
}

async function request<T>(url: string, body?: unknown): Promise<Reply<T>> {
  const response = await fetch(
    url,
    body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as T | ErrorReply };
  } catch {
    return { status: response.status, body: null };
  }
}

const isError = (body: unknown): body is ErrorReply =>
  typeof body === "object" && body !== null && "success" in body && body.success === false;

type Capability = "priceControl" | "faucet";
const CAPABILITY_NAMES: Readonly<Record<Capability, string>> = { priceControl: "price control", faucet: "faucet" };

/** The server, once it is known to run the local chain with `capability` over the same ledger as --url. */
async function localServer(ctx: CliContext, server: string | undefined, capability: Capability): Promise<string> {
  const origin = serverUrlFor(ctx.rpcUrl, server);
  let config: Reply<AppConfig>;
  try {
    config = await request<AppConfig>(`${origin}/api/config`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InputError(
      `sandbox: no Ballast server answers at ${origin} (${reason}); the sandbox commands need the local product (npm start), or --server`,
    );
  }
  const app = config.body;
  if (config.status !== 200 || app === null || isError(app))
    throw new InputError(`sandbox: ${origin} is not a Ballast server (GET /api/config answered ${config.status})`);
  // The server offers the faucet and the price control only on the local chain (it holds the sandbox's authorities).
  if (!app[capability])
    throw new InputError(`sandbox: ${origin} has no ${CAPABILITY_NAMES[capability]}: it exists on the local chain only`);
  const [ours, theirs] = await Promise.all([ctx.connection.getGenesisHash(), new Connection(`${origin}${app.rpcPath}`).getGenesisHash()]);
  if (ours !== theirs) throw new InputError(`sandbox: --url ${ctx.rpcUrl} is not the local ledger served by ${origin}`);
  return origin;
}

/** A refusal of the server: its 4xx replies are about the input (exit 2), anything else a failure (exit 1). */
function refusal(reply: Reply<unknown>, what: string): Error {
  const message = isError(reply.body) ? reply.body.error : `HTTP ${reply.status}`;
  return reply.status >= 400 && reply.status < 500 ? new InputError(`${what}: ${message}`) : new TransactionFailure(`${what}: ${message}`);
}

interface PriceOptions {
  hold?: bigint;
  server?: string;
}

async function setPrice(ctx: CliContext, symbol: string, usdText: string, options: PriceOptions): Promise<void> {
  if (!/^[A-Za-z0-9._-]{1,32}$/.test(symbol)) throw new InputError(`SYMBOL: expected a token symbol such as SOL, got "${symbol}"`);
  const usd = parseDecimal("USD", usdText);
  if (usd <= 0n) throw new InputError(`USD: expected a price above 0, got "${usdText}"`);
  const origin = await localServer(ctx, options.server, "priceControl");
  const body: SandboxPriceRequest = {
    symbol,
    usd: Number(usdText),
    ...(options.hold === undefined ? {} : { holdSeconds: Number(options.hold) }),
  };
  const reply = await request<SandboxPriceSuccess>(`${origin}/api/sandbox/prices`, body);
  if (reply.status !== 200 || reply.body === null || isError(reply.body)) throw refusal(reply, "sandbox price");
  const set = reply.body;
  ctx.print({
    symbol: set.symbol,
    usd: set.usd,
    heldUntil: set.heldUntil,
    feeds: set.feeds.map((f) => ({ symbol: f.symbol, feed: f.address, kind: f.kind, usd: f.usd })),
  });
}

async function faucet(ctx: CliContext, walletText: string, options: { server?: string }): Promise<void> {
  const wallet = parsePubkey("WALLET", walletText);
  const origin = await localServer(ctx, options.server, "faucet");
  const reply = await request<FaucetSuccess>(`${origin}/api/faucet`, { wallet: wallet.toBase58() });
  if (reply.status !== 200 || reply.body === null || isError(reply.body)) throw refusal(reply, "sandbox faucet");
  const grant = reply.body;
  ctx.print({
    wallet,
    signature: grant.signature,
    lamports: grant.lamports,
    tokens: grant.tokens.map((t) => ({ symbol: t.symbol, mint: t.mint, amount: t.amount, decimals: t.decimals })),
  });
}

const serverOption = () =>
  new Option(
    "--server <URL>",
    `the local product's API server. Default: the origin of an --url ending in ${SAME_ORIGIN_RPC_PATH}, else the --url host on port ${DEFAULT_SERVER_PORT}`,
  );

export function registerSandboxCommands(program: Command, ctx: CliContext): void {
  const sandbox = program.command("sandbox").description("The local chain's price control and faucet (local chain only; exit 2 elsewhere)");
  sandbox
    .command("price")
    .argument("<SYMBOL>", "the token, e.g. SOL (SOL also moves its liquid staking tokens)")
    .argument("<USD>", "the price in USD, e.g. 120.5")
    .addOption(
      new Option("--hold <SECONDS>", "how long the price holds before the random walk resumes (1 to 3600; server default 300)").argParser(
        (v) => parseInteger("--hold", v, 1n, 3600n),
      ),
    )
    .addOption(serverOption())
    .description(
      writes(
        "Set a token's sandbox oracle price now, through the local server's price control",
        "the token's Pyth or Switchboard feed (and its family's), held before the price walk resumes",
      ),
    )
    .action((symbol: string, usd: string, options: PriceOptions) => setPrice(ctx, symbol, usd, options));
  sandbox
    .command("faucet")
    .argument("<WALLET>", "the wallet to fund")
    .addOption(serverOption())
    .description(
      writes(
        "Fund a wallet like the app's faucet button",
        "sends the wallet test SOL and every test token, into its associated token accounts",
      ),
    )
    .action((wallet: string, options: { server?: string }) => faucet(ctx, wallet, options));
}
