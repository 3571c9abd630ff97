// A market on a real ledger for end-to-end tests: the market program and both oracle programs deployed, a manual
// clock (slotMs 0) so tests decide exactly which slot and second each transaction lands in, mints and token
// accounts through @solana/spl-token, and Pyth / Switchboard feeds through the oracle programs' own clients.
import {
  Connection,
  Keypair,
  PublicKey,
  Transaction,
  VersionedTransaction,
  sendAndConfirmTransaction,
  type TransactionInstruction,
} from "@solana/web3.js";
import { createMint, getAccount, getOrCreateAssociatedTokenAccount, mintTo } from "@solana/spl-token";
import { expect } from "vitest";
import { ANCHOR_ERRORS } from "@ballast/anchor";
import { minimumBalanceForRentExemption, startLocalnet, type Localnet, type Program } from "@ballast/ledger";
import {
  createPythFeedInstruction,
  createSwitchboardFeedInstruction,
  pythFeedAddress,
  pythReceiverProgram,
  switchboardFeedAddress,
  switchboardOnDemandProgram,
  updatePythPriceInstruction,
  updateSwitchboardResultInstruction,
} from "@ballast/oracles";
import {
  KLEND_ERRORS,
  LENDING_MARKET_SIZE,
  MARKET_ANCHOR_ERRORS,
  RESERVE_SIZE,
  type ReserveAccounts,
  createLendingMarketAccountInstruction,
  createReserveAccountInstruction,
  decodeLendingMarket,
  decodeObligation,
  decodeReserve,
  initLendingMarketInstruction,
  initReserveInstruction,
  marketProgram,
  reserveAccountsFor,
} from "../../src/index.js";

export const SOL = 1_000_000_000n;
const ERRORS: Record<string, { code: number; message: string }> = { ...ANCHOR_ERRORS, ...KLEND_ERRORS, ...MARKET_ANCHOR_ERRORS };

export interface PythPrice {
  price: bigint;
  exponent: number;
  conf?: bigint;
  emaPrice?: bigint;
  emaConf?: bigint;
  publishTime?: bigint;
}

export type SimulationResult = Awaited<ReturnType<Connection["simulateTransaction"]>>["value"];

export class MarketHarness {
  /** Owns the market and every mint the harness creates. */
  readonly owner = Keypair.generate();
  /** Publishes oracle prices. */
  readonly oracleAuthority = Keypair.generate();
  private nextFeed = 1;

  private constructor(
    readonly net: Localnet,
    readonly connection: Connection,
    /** The deployed programs' upgrade authority (in their ProgramData from genesis), or null when immutable. */
    readonly upgradeAuthority: Keypair | null,
  ) {}

  static async start(programs: Program[] = [], options: { upgradeable?: boolean } = {}): Promise<MarketHarness> {
    const upgradeAuthority = options.upgradeable === false ? null : Keypair.generate();
    const net = await startLocalnet({
      rpcPort: 0,
      dataDir: null,
      slotMs: 0,
      programs: [marketProgram(), pythReceiverProgram(), switchboardOnDemandProgram(), ...programs],
      upgradeAuthority: upgradeAuthority?.publicKey.toBase58() ?? null,
    });
    const connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
    // Every send lands in a new slot, so a blockhash web3.js cached may have aged out.
    (connection as unknown as { _disableBlockhashCaching: boolean })._disableBlockhashCaching = true;
    const harness = new MarketHarness(net, connection, upgradeAuthority);
    await harness.airdrop(harness.owner.publicKey, 1_000n * SOL);
    if (upgradeAuthority !== null) await harness.airdrop(upgradeAuthority.publicKey, 100n * SOL);
    await harness.airdrop(harness.oracleAuthority.publicKey, 100n * SOL);
    return harness;
  }

  async close(): Promise<void> {
    // Lets web3.js finish the status polls still in flight after a confirmation.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await this.net.close();
  }

  get ledger() {
    return this.net.ledger;
  }

  now(): bigint {
    return this.ledger.unixTimestamp();
  }

  slot(): bigint {
    return this.ledger.slot();
  }

  /** Moves the clock `seconds` ahead, `slots` slots later. */
  advance(seconds: number | bigint, slots = 1): void {
    this.ledger.warpToTime(this.now() + BigInt(seconds), slots);
  }

  async airdrop(to: PublicKey, lamports: bigint): Promise<void> {
    await this.ledger.requestAirdrop(to.toBase58(), lamports);
  }

  async fundedKeypair(lamports = 100n * SOL): Promise<Keypair> {
    const keypair = Keypair.generate();
    await this.airdrop(keypair.publicKey, lamports);
    return keypair;
  }

  /** One transaction in a new slot at the current time (the first signer pays); returns its signature and slot. */
  async send(
    instructions: TransactionInstruction | TransactionInstruction[],
    signers: Keypair[],
  ): Promise<{ signature: string; slot: bigint }> {
    this.advance(0);
    const tx = new Transaction().add(...(Array.isArray(instructions) ? instructions : [instructions]));
    const signature = await sendAndConfirmTransaction(this.connection, tx, signers, { commitment: "confirmed" });
    const landed = await this.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    return { signature, slot: BigInt(landed!.slot) };
  }

  /** One transaction in the current slot, for operations that must share a refresh's slot across transactions. */
  async sendInThisSlot(
    instructions: TransactionInstruction | TransactionInstruction[],
    signers: Keypair[],
  ): Promise<{ signature: string; slot: bigint }> {
    // Signed by hand: web3.js's own sender waits for a blockhash it has not used yet, and a slot has only one.
    const tx = new Transaction().add(...(Array.isArray(instructions) ? instructions : [instructions]));
    const { blockhash, lastValidBlockHeight } = await this.connection.getLatestBlockhash();
    tx.feePayer = signers[0]!.publicKey;
    tx.recentBlockhash = blockhash;
    tx.sign(...signers);
    const signature = await this.connection.sendRawTransaction(tx.serialize());
    await this.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
    const landed = await this.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    if (landed!.meta!.err) throw new Error(`transaction failed: ${JSON.stringify(landed!.meta!.err)}`);
    return { signature, slot: BigInt(landed!.slot) };
  }

  async logs(signature: string): Promise<string[]> {
    const landed = await this.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    return landed!.meta!.logMessages!;
  }

  /** Simulates in a new slot, or in the current one (`sameSlot`) to see what the last refreshes left. */
  async simulate(
    instructions: TransactionInstruction | TransactionInstruction[],
    signers: Keypair[],
    options: { sameSlot?: boolean } = {},
  ): Promise<SimulationResult> {
    if (!options.sameSlot) this.advance(0);
    const tx = new Transaction().add(...(Array.isArray(instructions) ? instructions : [instructions]));
    tx.feePayer = signers[0]!.publicKey;
    tx.recentBlockhash = (await this.connection.getLatestBlockhash()).blockhash;
    tx.sign(...signers);
    // As a versioned transaction: web3.js then simulates it as signed instead of waiting for an unused blockhash.
    return (await this.connection.simulateTransaction(VersionedTransaction.deserialize(tx.serialize()), { sigVerify: true })).value;
  }

  /**
   * The transaction fails in instruction `failingIndex` (default: the last) with the error `name` (a klend or an
   * Anchor error), logged in Anchor's format; returns the simulation for further checks of its logs. `sameSlot`
   * simulates in the current slot instead of a new one.
   */
  async expectFailure(
    instructions: TransactionInstruction | TransactionInstruction[],
    signers: Keypair[],
    name: string,
    options: { failingIndex?: number; sameSlot?: boolean } = {},
  ): Promise<SimulationResult> {
    const list = Array.isArray(instructions) ? instructions : [instructions];
    const entry = ERRORS[name];
    if (!entry) throw new Error(`no error named ${name}`);
    const { code, message } = entry;
    const result = await this.simulate(list, signers, options);
    expect(result.err).toEqual({ InstructionError: [options.failingIndex ?? list.length - 1, { Custom: code }] });
    expect(result.logs?.some((l) => l.includes(`Error Code: ${name}. Error Number: ${code}. Error Message: ${message}.`))).toBe(true);
    return result;
  }

  async createMint(decimals: number): Promise<PublicKey> {
    this.advance(0);
    return createMint(this.connection, this.owner, this.owner.publicKey, null, decimals);
  }

  /** The associated token account of `owner` (created when missing; off-curve owners allowed). */
  async tokenAccount(owner: PublicKey, mint: PublicKey): Promise<PublicKey> {
    this.advance(0);
    return (await getOrCreateAssociatedTokenAccount(this.connection, this.owner, mint, owner, true)).address;
  }

  async mintTo(mint: PublicKey, destination: PublicKey, amount: bigint): Promise<void> {
    this.advance(0);
    await mintTo(this.connection, this.owner, mint, destination, this.owner, amount);
  }

  async balance(account: PublicKey): Promise<bigint> {
    return (await getAccount(this.connection, account, "confirmed")).amount;
  }

  async data(address: PublicKey): Promise<Buffer> {
    return (await this.connection.getAccountInfo(address, "confirmed"))!.data;
  }

  async reserve(address: PublicKey) {
    return decodeReserve(await this.data(address));
  }

  async obligation(address: PublicKey) {
    return decodeObligation(await this.data(address));
  }

  async market(address: PublicKey) {
    return decodeLendingMarket(await this.data(address));
  }

  private feedId(): Uint8Array {
    const id = new Uint8Array(32);
    new DataView(id.buffer).setUint32(0, this.nextFeed++, true);
    return id;
  }

  /** A Pyth PriceUpdateV2 feed of the local receiver, holding `price`. */
  async pythFeed(price: PythPrice): Promise<PublicKey> {
    const id = this.feedId();
    await this.send(createPythFeedInstruction({ authority: this.oracleAuthority.publicKey, feedId: id }), [this.oracleAuthority]);
    const feed = pythFeedAddress(this.oracleAuthority.publicKey, id)[0];
    await this.setPyth(feed, price);
    return feed;
  }

  /** Publishes `price` (publish time: the chain's time unless given). */
  async setPyth(feed: PublicKey, p: PythPrice): Promise<void> {
    await this.send(
      updatePythPriceInstruction({
        authority: this.oracleAuthority.publicKey,
        feed,
        price: p.price,
        conf: p.conf ?? 0n,
        exponent: p.exponent,
        publishTime: p.publishTime ?? this.now(),
        emaPrice: p.emaPrice ?? p.price,
        emaConf: p.emaConf ?? p.conf ?? 0n,
      }),
      [this.oracleAuthority],
    );
  }

  /** A Switchboard pull feed holding `value` (18 decimals). */
  async switchboardFeed(value: bigint, stdDev = 0n): Promise<PublicKey> {
    const hash = this.feedId();
    await this.send(createSwitchboardFeedInstruction({ authority: this.oracleAuthority.publicKey, feedHash: hash }), [
      this.oracleAuthority,
    ]);
    const feed = switchboardFeedAddress(this.oracleAuthority.publicKey, hash)[0];
    await this.setSwitchboard(feed, value, stdDev);
    return feed;
  }

  /** Publishes a result in a new slot; returns that slot. */
  async setSwitchboard(feed: PublicKey, value: bigint, stdDev = 0n): Promise<bigint> {
    const { slot } = await this.send(
      updateSwitchboardResultInstruction({ authority: this.oracleAuthority.publicKey, feed, value, stdDev }),
      [this.oracleAuthority],
    );
    return slot;
  }

  /** A lending market owned by the harness owner. */
  async createMarket(): Promise<PublicKey> {
    const market = Keypair.generate();
    await this.send(
      [
        createLendingMarketAccountInstruction({
          payer: this.owner.publicKey,
          account: market.publicKey,
          lamports: Number(minimumBalanceForRentExemption(LENDING_MARKET_SIZE)),
        }),
        initLendingMarketInstruction({ lendingMarketOwner: this.owner.publicKey, lendingMarket: market.publicKey }),
      ],
      [this.owner, market],
    );
    return market.publicKey;
  }

  /** A reserve of `mint` in `market`, seeded from the owner's token account (funded here). */
  async createReserve(market: PublicKey, mint: PublicKey): Promise<{ accounts: ReserveAccounts; slot: bigint }> {
    const reserve = Keypair.generate();
    const source = await this.tokenAccount(this.owner.publicKey, mint);
    await this.mintTo(mint, source, 1_000_000n);
    const { slot } = await this.send(
      [
        createReserveAccountInstruction({
          payer: this.owner.publicKey,
          account: reserve.publicKey,
          lamports: Number(minimumBalanceForRentExemption(RESERVE_SIZE)),
        }),
        initReserveInstruction({
          lendingMarketOwner: this.owner.publicKey,
          lendingMarket: market,
          reserve: reserve.publicKey,
          liquidityMint: mint,
          initialLiquiditySource: source,
        }),
      ],
      [this.owner, reserve],
    );
    return { accounts: reserveAccountsFor(reserve.publicKey, market, mint), slot };
  }
}
