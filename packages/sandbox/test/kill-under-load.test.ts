// The whole product killed with SIGKILL under load, twice, each time restarted on the same data directory.
// Wallets funded by the faucet deposit, withdraw, borrow and repay through `/rpc` while the API is read. The ledger answers
// sendTransaction only once the transaction's commit is synced to disk (storage/commit-queue.ts), so "acknowledged"
// means: the client received the signature back. After each restart: every acknowledged transaction is there with no
// error; each wallet's token balances are exactly the faucet's grant moved by the transactions that landed (the
// acknowledged ones and whichever in-flight ones made it); and the indexer's activity lists exactly those actions,
// once each.
import { seededRandom } from "../../ledger/test/support/random.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { Connection, PublicKey, type SignatureStatus } from "@solana/web3.js";
import { associatedTokenAddress, type ActivityRecord } from "@ballast/sdk";
import { launchProduct, type ProductProcess } from "../../../scripts/product-process.js";
import {
  JournalConnection,
  TransactionJournal,
  act,
  fundedUser,
  loadMarketOf,
  marketCache,
  readApi,
  runUsers,
  type JournalEntry,
  type LoadMarket,
  type LoadUser,
} from "../../../scripts/product-load.js";

const dataDir = mkdtempSync(join(tmpdir(), "ballast-kill-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The faucet grants one client address five wallets an hour. */
const USERS = 5;
const ROUNDS = 2;
/** A round's kill waits for this many acknowledgements in the round, then for a send in flight. */
const ACKNOWLEDGED_BEFORE_KILL = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function statuses(connection: Connection, signatures: readonly string[]): Promise<Map<string, SignatureStatus | null>> {
  const found = new Map<string, SignatureStatus | null>();
  for (let i = 0; i < signatures.length; i += 100) {
    const chunk = signatures.slice(i, i + 100);
    const { value } = await connection.getSignatureStatuses(chunk, { searchTransactionHistory: true });
    chunk.forEach((signature, j) => found.set(signature, value[j] ?? null));
  }
  return found;
}

/** Every activity record of the wallet, newest first, read page by page. */
async function activityOf(productUrl: string, wallet: string): Promise<ActivityRecord[]> {
  const records: ActivityRecord[] = [];
  for (let before = ""; ;) {
    const response = await fetch(`${productUrl}/api/activity/authority?address=${wallet}${before}`);
    if (!response.ok) throw new Error(`activity of ${wallet} answered ${response.status}`);
    const page = ((await response.json()) as { data: ActivityRecord[] }).data;
    records.push(...page);
    const last = page.at(-1);
    if (page.length < 100 || !last) return records;
    before = `&before=${last.signature}:${last.eventIndex}`;
  }
}

/** The records the wallet's landed transactions imply: one per action, of its kind, token and amount. */
const expectedRecords = (landed: readonly JournalEntry[]) =>
  landed.map((e) => ({ signature: e.signature, type: e.kind, mint: e.mint, amount: String(e.amount) })).sort(bySignature);

const bySignature = (a: { signature: string }, b: { signature: string }) =>
  a.signature < b.signature ? -1 : a.signature > b.signature ? 1 : 0;

/** What the restarted product must show for everything the clients sent so far. */
async function verify(product: ProductProcess, journal: TransactionJournal, users: readonly LoadUser[], market: LoadMarket) {
  const connection = new Connection(`${product.url}/rpc`, "confirmed");
  const entries = journal.list();
  const found = await statuses(
    connection,
    entries.map((e) => e.signature),
  );
  const lost = entries.filter((e) => e.acknowledged && !found.get(e.signature));
  expect(lost.map((e) => `${e.kind} ${e.signature}`)).toEqual([]);
  const landed = entries.filter((e) => found.get(e.signature));
  for (const e of landed) expect(found.get(e.signature)).toMatchObject({ err: null, confirmationStatus: "finalized" });

  for (const user of users) {
    const own = landed.filter((e) => e.user === user.address);
    for (const token of [market.usdc, market.eth]) {
      const moved = own
        .filter((e) => e.mint === token.mint)
        .reduce((sum, e) => (e.kind === "borrow" || e.kind === "withdraw" ? sum + e.amount : sum - e.amount), 0n);
      const account = associatedTokenAddress(new PublicKey(token.mint), user.keypair.publicKey);
      const { value } = await connection.getTokenAccountBalance(account, "confirmed");
      expect(BigInt(value.amount), `${user.address} ${token.mint}`).toBe(user.granted.get(token.mint)! + moved);
    }

    // The indexer follows at its own pace: wait until it has caught up, then hold it to exactly the landed actions.
    const expected = expectedRecords(own);
    const actual = async () => {
      const records = await activityOf(product.url, user.address);
      return {
        keys: records.map((r) => `${r.signature}:${r.eventIndex}`),
        actions: records
          .filter((r) => r.type !== "create_account")
          .map((r) => ({ signature: r.signature, type: r.type, mint: r.mint, amount: r.amount }))
          .sort(bySignature),
        created: records.filter((r) => r.type === "create_account").map((r) => r.signature),
      };
    };
    let seen = await actual();
    for (const deadline = Date.now() + 30_000; seen.actions.length < expected.length && Date.now() < deadline; seen = await actual())
      await sleep(250);
    expect(seen.actions).toEqual(expected);
    expect(new Set(seen.keys).size).toBe(seen.keys.length);
    // The account was created by its first deposit, listed once.
    expect(seen.created).toEqual([own.find((e) => e.kind === "deposit")!.signature]);
  }
  return found;
}

it(`keeps every acknowledged transaction, exact balances and the indexer's activity across ${ROUNDS} kill -9s under load`, async () => {
  let product = await launchProduct({ dataDir });
  try {
    const market = loadMarketOf(dataDir);
    const journal = new TransactionJournal();
    const users: LoadUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await fundedUser(product.url));
    // Each wallet's margin account exists before the first kill: its first deposit, confirmed.
    const setup = { connection: new JournalConnection(product.url, journal), journal, market, random: seededRandom(1) };
    const loaded = marketCache(setup.connection, market);
    for (const user of users) expect(await act(setup, user, loaded)).toBe("deposit");

    for (let round = 1; round <= ROUNDS; round++) {
      const connection = new JournalConnection(product.url, journal);
      const signedBefore = new Set(journal.entries.keys());
      const before = journal.list().filter((e) => e.acknowledged).length;
      const loadStarted = Date.now();
      let running = true;
      const load = runUsers({ connection, journal, market, random: seededRandom(round * 7919) }, users, () => running);
      const reads = Promise.all([0, 1].map(() => readApi(product.url, users, market, () => running)));

      const newlyAcknowledged = () => journal.list().filter((e) => e.acknowledged).length - before;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(2)) {
        if (newlyAcknowledged() >= ACKNOWLEDGED_BEFORE_KILL && connection.sendsInFlight > 0) break;
      }
      await product.stop("SIGKILL");
      running = false;
      connection.sever();
      const [tally, readers] = await Promise.all([load, reads]);
      const answered = readers[0]!.value + readers[1]!.value;
      expect(newlyAcknowledged()).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
      expect(answered).toBeGreaterThan(0);

      const killedAt = Date.now();
      product = await launchProduct({ dataDir });
      const restartedAt = Date.now();
      const found = await verify(product, journal, users, market);
      const unacknowledged = journal.list().filter((e) => !signedBefore.has(e.signature) && !e.acknowledged);
      const landed = unacknowledged.filter((e) => found.get(e.signature)).length;
      console.log(
        `round ${round}: ${newlyAcknowledged()} acknowledged (${Object.values(tally.done).reduce((a, b) => a + b)} also confirmed), ` +
          `${unacknowledged.length} unacknowledged (${landed} landed), ${answered} API reads; ` +
          `load ${killedAt - loadStarted} ms, restart ${restartedAt - killedAt} ms, checks ${Date.now() - restartedAt} ms`,
      );
    }
    // Every round's kill found transactions in flight: some were acknowledged and some not.
    expect(journal.list().filter((e) => !e.acknowledged).length).toBeGreaterThan(0);
  } finally {
    const code = await product.stop("SIGTERM");
    expect(code, `the product's last output:\n${product.output().slice(-3000)}`).toBe(0);
  }
}, 480_000);
