// `npm run bench` (swap-flow part): the product as `npm start` runs it (ledger and programs, the sandbox's markets and
// swap venue with their lookup tables, the price walk, this server's quote API), and a wallet funded by the faucet.
// Through the SDK it plans and sends, each in one v0 transaction: a JitoSOL/SOL loop to 3× in e-mode (its account
// created in the same transaction) and its close, and a whole USDC debt repaid with SOL collateral. For each it prints
// the signed transaction's size (of Solana's 1232 bytes), its account keys (static, and loaded from lookup tables) and
// the compute units the landed transaction consumed, as a README table.
import { Keypair, PublicKey } from "@solana/web3.js";
import { decodeMarginfiAccount, type MarginfiAccount } from "@ballast/protocol";
import {
  COMPUTE_UNITS,
  SLIPPAGE,
  SwapClient,
  borrowAction,
  depositAction,
  keypairWallet,
  planCloseLeveraged,
  planLoop,
  planRepayWithCollateral,
  sendSwapFlow,
  swapApiUrl,
  type SwapFlowContext,
  type SwapFlowPlan,
} from "@ballast/sdk";
import { startSandboxProduct } from "../test/support/sandbox.js";

const PACKET_BYTES = 1232;
const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

interface Measured {
  readonly name: string;
  readonly bytes: number;
  readonly staticKeys: number;
  readonly tableKeys: number;
  readonly computeUnits: number;
  readonly route: string;
}

const product = await startSandboxProduct({ logLevel: "warn" });
const { connection } = product;
const wallet = Keypair.generate();
await product.faucet.fund(wallet.publicKey.toBase58());
const [jitoSol, sol, usdc] = [product.bank("JitoSOL"), product.bank("SOL"), product.bank("USDC")];
const swap = new SwapClient(swapApiUrl(product.server.url));

/** The flows' context on the market as it is now. */
async function context(): Promise<SwapFlowContext> {
  return {
    connection,
    wallet: keypairWallet(wallet),
    programId: new PublicKey(product.main.programId),
    lookupTables: product.lookupTables,
    market: await product.market(),
    swap,
    slippageBps: SLIPPAGE.AUTO_BPS,
  };
}

async function accountData(address: PublicKey): Promise<MarginfiAccount> {
  const info = await connection.getAccountInfo(address, "confirmed");
  if (!info) throw new Error(`account ${address.toBase58()} not found`);
  return decodeMarginfiAccount(info.data);
}

/** Sends the plan and reads the landed transaction's keys and compute units back from the ledger. */
async function measure(name: string, plan: SwapFlowPlan): Promise<{ measured: Measured; marginfiAccount: PublicKey }> {
  const sent = await sendSwapFlow(await context(), plan);
  const signature = sent.signatures.at(-1);
  if (!signature) throw new Error(`${name}: nothing was sent`);
  const landed = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  if (!landed?.meta || landed.meta.err !== null) throw new Error(`${name}: ${signature} did not land cleanly`);
  const { message } = landed.transaction;
  const lookups = message.addressTableLookups ?? [];
  return {
    marginfiAccount: sent.marginfiAccount,
    measured: {
      name,
      bytes: plan.transactionSize,
      staticKeys: message.staticAccountKeys.length,
      tableKeys: lookups.reduce((sum, lookup) => sum + lookup.writableIndexes.length + lookup.readonlyIndexes.length, 0),
      computeUnits: landed.meta.computeUnitsConsumed ?? Number.NaN,
      route: plan.preview.routeLabels.join(" → "),
    },
  };
}

const rows: Measured[] = [];
try {
  const loop = await measure(
    "loop JitoSOL/SOL to 3× in e-mode, new account",
    await planLoop({ ...(await context()), depositBank: jitoSol, borrowBank: sol, principal: 10n * SOL, targetLeverage: "3" }),
  );
  rows.push(loop.measured);
  const { marginfiAccount: looped } = loop;
  const close = await measure(
    "close that loop (all JitoSOL sold, all SOL repaid)",
    await planCloseLeveraged({
      ...(await context()),
      marginfiAccount: looped,
      account: await accountData(looped),
      collateralBank: jitoSol,
      debtBank: sol,
    }),
  );
  rows.push(close.measured);

  const { marginfiAccount } = await depositAction({ ...(await context()), bank: sol, amount: 8n * SOL });
  await borrowAction({
    ...(await context()),
    bank: usdc,
    marginfiAccount,
    account: await accountData(marginfiAccount),
    amount: 500n * USDC,
  });
  const repay = await measure(
    "repay a whole USDC debt with SOL collateral",
    await planRepayWithCollateral({
      ...(await context()),
      marginfiAccount,
      account: await accountData(marginfiAccount),
      collateralBank: sol,
      debtBank: usdc,
      amount: 500n * USDC,
      repayAll: true,
    }),
  );
  rows.push(repay.measured);
} finally {
  await product.close();
}

const header = ["transaction", `bytes (of ${PACKET_BYTES})`, "account keys (static + lookup tables)", "compute units", "route"];
const cells = rows.map((r) => [
  r.name,
  String(r.bytes),
  `${r.staticKeys + r.tableKeys} (${r.staticKeys} + ${r.tableKeys})`,
  r.computeUnits.toLocaleString("en-US"),
  r.route,
]);
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
const line = (values: readonly string[]) => `| ${values.map((v, i) => v.padEnd(widths[i] ?? 0)).join(" | ")} |`;
console.log(
  `swap-flow transactions: one v0 transaction each, a flash loan with a compute limit of ${COMPUTE_UNITS.FLASH_LOAN_TRANSACTION.toLocaleString("en-US")}`,
);
console.log(line(header));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const row of cells) console.log(line(row));
if (rows.some((r) => r.bytes > PACKET_BYTES)) process.exitCode = 1;
