// A lending market on a real ledger for end-to-end tests: the lending program, both oracle programs and the swap
// venue's programs deployed, a fee state and a group, banks with their oracle feeds, and users with margin and token
// accounts. The clock is manual (slotMs 0): every transaction lands in a fresh slot at the same unix time, and tests
// move time explicitly.
import {
  Connection,
  Keypair,
  type AccountInfo,
  PublicKey,
  SystemProgram,
  SYSVAR_INSTRUCTIONS_PUBKEY,
  Transaction,
  TransactionInstruction,
  sendAndConfirmTransaction,
} from "@solana/web3.js";
import {
  TOKEN_PROGRAM_ID,
  createMint,
  getAccount,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  mintTo,
} from "@solana/spl-token";
import { readFileSync } from "node:fs";
import { BorshCoder, EventParser, type Idl } from "@coral-xyz/anchor";
import { expect } from "vitest";
import { startLocalnet, U64_MAX, type Localnet, type Program } from "@ballast/ledger";
import { poolProgram, routerProgram } from "@ballast/swap";
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
  MARGINFI_PROGRAM_ID,
  decodeBank,
  decodeMarginfiAccount,
  instructionDiscriminator,
  lendingProgram,
  type Bank,
  type MarginfiAccount,
} from "../../src/index.js";
import {
  encodeBankConfigCompact,
  encodeBankConfigOpt,
  fixed,
  none,
  option,
  u32,
  u64,
  u8,
  bool,
  type BankConfigCompact,
  type BankConfigOpt,
} from "./borsh.js";

export const PROGRAM = new PublicKey(MARGINFI_PROGRAM_ID);
export const FEE_STATE = PublicKey.findProgramAddressSync([Buffer.from("feestate")], PROGRAM)[0];
/** u32 fraction of 1000% APR. */
export const apr = (fraction: number) => Math.floor((fraction / 10) * 4_294_967_295);
/** u32 fraction of 100% utilization. */
export const util = (fraction: number) => Math.floor(fraction * 4_294_967_295);

/** All weights 1, no fees, a 0.5 → 60% / 100% → 300% curve, no limits: the reference's test bank. */
export const DEFAULT_BANK_CONFIG: BankConfigCompact = {
  assetWeightInit: "1",
  assetWeightMaint: "1",
  liabilityWeightInit: "1",
  liabilityWeightMaint: "1",
  depositLimit: U64_MAX,
  interest: {
    insuranceFeeFixedApr: "0",
    insuranceIrFee: "0",
    protocolFixedFeeApr: "0",
    protocolIrFee: "0",
    protocolOriginationFee: "0",
    zeroUtilRate: 0,
    hundredUtilRate: apr(3),
    points: [{ util: util(0.5), rate: apr(0.6) }],
  },
  operationalState: 1,
  borrowLimit: U64_MAX,
  riskTier: 0,
  assetTag: 0,
  configFlags: 1,
  totalAssetValueInitLimit: 0n,
  oracleMaxAge: 100,
  oracleMaxConfidence: 0,
};

export type Key = PublicKey;
export type Meta = [PublicKey, boolean, boolean];

export function ix(name: string, keys: Meta[], args: Buffer[] = []): TransactionInstruction {
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    data: Buffer.concat([instructionDiscriminator(name), ...args]),
  });
}

export function bankVaults(bank: PublicKey) {
  const at = (seed: string) => PublicKey.findProgramAddressSync([Buffer.from(seed), bank.toBuffer()], PROGRAM)[0];
  return {
    liquidityAuthority: at("liquidity_vault_auth"),
    liquidity: at("liquidity_vault"),
    insuranceAuthority: at("insurance_vault_auth"),
    insurance: at("insurance_vault"),
    feeAuthority: at("fee_vault_auth"),
    fee: at("fee_vault"),
  };
}

export type OracleSpec =
  | { kind: "pyth"; price: number; conf?: number; emaPrice?: number; emaConf?: number; exponent?: number }
  | { kind: "switchboard"; price: number; stdDev?: number }
  | { kind: "fixed"; price: string };

export interface TestBank {
  key: PublicKey;
  mint: PublicKey;
  decimals: number;
  /** Null for fixed-price banks. */
  oracle: PublicKey | null;
  oracleKind: OracleSpec["kind"];
  vaults: ReturnType<typeof bankVaults>;
  /** A Kamino bank's reserve, its second risk account after the oracle. */
  reserve?: PublicKey;
}

export interface TestUser {
  wallet: Keypair;
  account: PublicKey;
}

export interface SimulationResult {
  err: unknown;
  logs: string[] | null;
  unitsConsumed?: number;
}

/** Raw integer price for a decimal price at an exponent (e.g. 10.5 at −8 → 1,050,000,000). */
function rawPrice(price: number, exponent: number): bigint {
  return BigInt(Math.round(price * 10 ** -exponent));
}

const IDL = JSON.parse(readFileSync(new URL("../../idl/marginfi.json", import.meta.url), "utf8")) as Idl;
const EVENTS = new EventParser(PROGRAM, new BorshCoder(IDL));

/** The first signer pays the fee, as in sendAndConfirmTransaction. */
function feePayer(signers: readonly Keypair[]): PublicKey {
  const [payer] = signers;
  if (!payer) throw new Error("a transaction needs at least one signer");
  return payer.publicKey;
}

export interface DecodedEvent {
  name: string;
  data: Record<string, unknown>;
}

export interface RiskChange {
  add?: TestBank | TestBank[];
  remove?: TestBank;
}

/** TestMarket.riskAccounts over an account already read. */
export function riskMetas(account: MarginfiAccount, banks: readonly TestBank[], change: RiskChange = {}): Meta[] {
  const keys = new Set(account.lendingAccount.balances.filter((b) => b.active !== 0).map((b) => b.bankPk));
  for (const bank of [change.add ?? []].flat()) keys.add(bank.key.toBase58());
  if (change.remove) keys.delete(change.remove.key.toBase58());
  const sorted = [...keys].map((k) => new PublicKey(k)).sort((a, b) => Buffer.compare(b.toBuffer(), a.toBuffer()));
  return sorted.flatMap((key) => {
    const bank = banks.find((b) => b.key.equals(key));
    if (!bank) throw new Error(`unknown bank ${key.toBase58()}`);
    const metas: Meta[] = [[bank.key, false, false]];
    if (bank.oracle) metas.push([bank.oracle, false, false]);
    if (bank.reserve) metas.push([bank.reserve, false, false]);
    return metas;
  });
}

export class TestMarket {
  readonly admin = Keypair.generate();
  readonly feeAdmin = Keypair.generate();
  readonly feeWallet = Keypair.generate();
  /** Signs oracle price updates. */
  readonly oracleAuthority = Keypair.generate();
  group!: PublicKey;
  private nextFeed = 1;

  private constructor(
    readonly net: Localnet,
    readonly connection: Connection,
  ) {}

  static async start(
    options: {
      bankInitFee?: number;
      liquidationFlatFee?: number;
      programFeeRate?: string;
      programFeeFixed?: string;
      /** Programs deployed beside the lending, oracle and swap programs. */
      programs?: Program[];
    } = {},
  ): Promise<TestMarket> {
    const net = await startLocalnet({
      rpcPort: 0,
      dataDir: null,
      slotMs: 0,
      // The swap venue's pools and router too, for flash-loan flows that swap (a program passed again replaces them).
      programs: [
        lendingProgram(),
        pythReceiverProgram(),
        switchboardOnDemandProgram(),
        poolProgram(),
        routerProgram(),
        ...(options.programs ?? []),
      ],
    });
    const connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
    // Every send lands in a new slot, so a blockhash web3.js cached for 30 s may have aged past 150 slots.
    (connection as unknown as { _disableBlockhashCaching: boolean })._disableBlockhashCaching = true;
    const market = new TestMarket(net, connection);
    for (const k of [market.admin, market.feeAdmin, market.oracleAuthority]) await market.airdrop(k.publicKey, 1_000_000_000_000n);
    await market.airdrop(market.feeWallet.publicKey, 1_000_000_000n);
    await market.send(
      ix(
        "init_global_fee_state",
        [
          [market.admin.publicKey, true, true],
          [FEE_STATE, false, true],
          [SystemProgram.programId, false, false],
        ],
        [
          market.feeAdmin.publicKey.toBuffer(),
          market.feeWallet.publicKey.toBuffer(),
          u32(options.bankInitFee ?? 0),
          u32(options.liquidationFlatFee ?? 0),
          fixed(options.programFeeFixed ?? "0"),
          fixed(options.programFeeRate ?? "0"),
          fixed("0"),
        ],
      ),
      [market.admin],
    );
    market.group = await market.createGroup();
    return market;
  }

  /** Lets web3.js finish the status polls it still has in flight after a confirmation, then stops the chain. */
  async close(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await this.net.close();
  }

  get ledger() {
    return this.net.ledger;
  }

  /** The chain's current unix time. */
  now(): bigint {
    return this.ledger.unixTimestamp();
  }

  /** Moves the chain's clock forward by exactly `seconds` in a new slot. */
  advanceTime(seconds: number | bigint): void {
    this.ledger.warpToTime(this.now() + BigInt(seconds));
  }

  async airdrop(to: PublicKey, lamports: bigint): Promise<void> {
    await this.ledger.requestAirdrop(to.toBase58(), lamports);
  }

  /** Sends one transaction in a fresh slot at the current time; the first signer pays. */
  async send(instructions: TransactionInstruction | TransactionInstruction[], signers: Keypair[]): Promise<string> {
    this.ledger.warpToTime(this.now());
    const tx = new Transaction().add(...(Array.isArray(instructions) ? instructions : [instructions]));
    return sendAndConfirmTransaction(this.connection, tx, signers, { commitment: "confirmed" });
  }

  async simulate(instructions: TransactionInstruction | TransactionInstruction[], signers: Keypair[]): Promise<SimulationResult> {
    this.ledger.warpToTime(this.now());
    const tx = new Transaction().add(...(Array.isArray(instructions) ? instructions : [instructions]));
    tx.feePayer = feePayer(signers);
    tx.recentBlockhash = (await this.connection.getLatestBlockhash()).blockhash;
    tx.sign(...signers);
    return (await this.connection.simulateTransaction(tx)).value;
  }

  /** The transaction fails in its last instruction (or `failingIndex`) with the lending program's error `code`, logged as Anchor does. */
  async expectError(
    instructions: TransactionInstruction | TransactionInstruction[],
    signers: Keypair[],
    code: number,
    name: string,
    message: string,
    failingIndex?: number,
  ): Promise<SimulationResult> {
    const list = Array.isArray(instructions) ? instructions : [instructions];
    const result = await this.simulate(list, signers);
    expect(result.err).toEqual({ InstructionError: [failingIndex ?? list.length - 1, { Custom: code }] });
    expect(result.logs?.some((l) => l.includes(`Error Code: ${name}. Error Number: ${code}. Error Message: ${message}.`))).toBe(true);
    return result;
  }

  /** The program's Anchor events in a landed transaction, decoded with the IDL by Anchor's own parser. */
  async events(signature: string): Promise<DecodedEvent[]> {
    const tx = await this.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    return [...EVENTS.parseLogs(tx!.meta!.logMessages!)];
  }

  /** The transaction's first event (of that name when given); a test expecting one fails plainly without it. */
  async firstEvent(signature: string, name?: string): Promise<DecodedEvent> {
    const event = (await this.events(signature)).find((e) => name === undefined || e.name === name);
    if (!event) throw new Error(`no ${name ?? "event"} in transaction ${signature}`);
    return event;
  }

  /** Lands a transaction with preflight off, so a failure is recorded on chain, and returns its error. */
  async landUnchecked(instructions: TransactionInstruction[], signers: Keypair[]): Promise<unknown> {
    return (await this.land(instructions, signers)).err;
  }

  /** As `landUnchecked`, with the signature too, for reading the events of a transaction that may have failed. */
  async land(instructions: TransactionInstruction[], signers: Keypair[]): Promise<{ signature: string; err: unknown }> {
    this.ledger.warpToTime(this.now());
    const tx = new Transaction().add(...instructions);
    tx.feePayer = feePayer(signers);
    tx.recentBlockhash = (await this.connection.getLatestBlockhash()).blockhash;
    tx.sign(...signers);
    const signature = await this.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    await this.connection.confirmTransaction(signature, "confirmed");
    const landed = await this.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    return { signature, err: landed!.meta!.err };
  }

  /** Raw bytes of accounts, to show a failed transaction changed none of them. */
  async snapshot(keys: PublicKey[]): Promise<string[]> {
    return (await this.accountInfos(keys)).map((info) => info?.data.toString("hex") ?? "");
  }

  /** Any number of accounts at once, in the RPC's batches of at most 100. */
  async accountInfos(keys: PublicKey[]): Promise<(AccountInfo<Buffer> | null)[]> {
    const infos: (AccountInfo<Buffer> | null)[] = [];
    for (let i = 0; i < keys.length; i += 100) {
      infos.push(...(await this.connection.getMultipleAccountsInfo(keys.slice(i, i + 100), "confirmed")));
    }
    return infos;
  }

  // ---- groups and banks ------------------------------------------------------------------------------------

  async createGroup(): Promise<PublicKey> {
    const group = Keypair.generate();
    await this.send(
      ix("marginfi_group_initialize", [
        [group.publicKey, true, true],
        [this.admin.publicKey, true, true],
        [FEE_STATE, false, false],
        [SystemProgram.programId, false, false],
      ]),
      [this.admin, group],
    );
    return group.publicKey;
  }

  async createMint(decimals: number): Promise<PublicKey> {
    this.ledger.warpToTime(this.now());
    return createMint(this.connection, this.admin, this.admin.publicKey, null, decimals);
  }

  private feedId(): Uint8Array {
    const id = new Uint8Array(32);
    new DataView(id.buffer).setUint32(0, this.nextFeed++, true);
    return id;
  }

  async createOracle(spec: OracleSpec): Promise<PublicKey | null> {
    const created = this.createFeedIx(spec);
    if (!created) return null;
    await this.send(created.instruction, [this.oracleAuthority]);
    await this.setOracle(created.feed, spec);
    return created.feed;
  }

  /** A new feed of the spec's kind under the oracle authority (which signs), before any price; null for a fixed price. */
  createFeedIx(spec: OracleSpec): { instruction: TransactionInstruction; feed: PublicKey } | null {
    const authority = this.oracleAuthority.publicKey;
    if (spec.kind === "fixed") return null;
    const id = this.feedId();
    if (spec.kind === "pyth") {
      return { instruction: createPythFeedInstruction({ authority, feedId: id }), feed: pythFeedAddress(authority, id)[0] };
    }
    return { instruction: createSwitchboardFeedInstruction({ authority, feedHash: id }), feed: switchboardFeedAddress(authority, id)[0] };
  }

  /** Publishes a price now (Pyth publish time = the chain's time; Switchboard stamps the clock itself). */
  async setOracle(feed: PublicKey, spec: OracleSpec, publishTime: bigint = this.now()): Promise<void> {
    const update = this.oracleUpdateIx(feed, spec, publishTime);
    if (update) await this.send(update, [this.oracleAuthority]);
  }

  /** The oracle authority's price update for a feed; null for a fixed price, which has no feed. */
  oracleUpdateIx(feed: PublicKey, spec: OracleSpec, publishTime: bigint = this.now()): TransactionInstruction | null {
    if (spec.kind === "pyth") {
      const exponent = spec.exponent ?? -8;
      return updatePythPriceInstruction({
        authority: this.oracleAuthority.publicKey,
        feed,
        price: rawPrice(spec.price, exponent),
        conf: rawPrice(spec.conf ?? 0, exponent),
        exponent,
        publishTime,
        emaPrice: rawPrice(spec.emaPrice ?? spec.price, exponent),
        emaConf: rawPrice(spec.emaConf ?? spec.conf ?? 0, exponent),
      });
    }
    if (spec.kind === "switchboard") {
      const scale = (v: number) => BigInt(Math.round(v * 1e9)) * 1_000_000_000n;
      return updateSwitchboardResultInstruction({
        authority: this.oracleAuthority.publicKey,
        feed,
        value: scale(spec.price),
        stdDev: scale(spec.stdDev ?? 0),
      });
    }
    return null;
  }

  async addBank(
    decimals: number,
    oracle: OracleSpec,
    config: Partial<BankConfigCompact> = {},
    options: { mint?: PublicKey; group?: PublicKey } = {},
  ): Promise<TestBank> {
    const mint = options.mint ?? (await this.createMint(decimals));
    const group = options.group ?? this.group;
    const bank = Keypair.generate();
    const v = bankVaults(bank.publicKey);
    await this.send(this.addBankIx(bank.publicKey, mint, config, group), [this.admin, bank]);
    const feed = await this.createOracle(oracle);
    if (oracle.kind === "fixed") {
      await this.send(
        ix(
          "lending_pool_set_fixed_oracle_price",
          [
            [group, false, false],
            [this.admin.publicKey, true, false],
            [bank.publicKey, false, true],
          ],
          [fixed(oracle.price)],
        ),
        [this.admin],
      );
    } else {
      await this.send(this.configureOracleIx(bank.publicKey, feed!, oracle.kind, group), [this.admin]);
    }
    return { key: bank.publicKey, mint, decimals, oracle: feed, oracleKind: oracle.kind, vaults: v };
  }

  /** lending_pool_add_bank signed by the admin (paying) and the new bank's keypair. */
  addBankIx(
    bank: PublicKey,
    mint: PublicKey,
    config: Partial<BankConfigCompact> = {},
    group: PublicKey = this.group,
  ): TransactionInstruction {
    const v = bankVaults(bank);
    return ix(
      "lending_pool_add_bank",
      [
        [group, false, true],
        [this.admin.publicKey, true, false],
        [this.admin.publicKey, true, true],
        [FEE_STATE, false, false],
        [this.feeWallet.publicKey, false, true],
        [mint, false, false],
        [bank, true, true],
        [v.liquidityAuthority, false, false],
        [v.liquidity, false, true],
        [v.insuranceAuthority, false, false],
        [v.insurance, false, true],
        [v.feeAuthority, false, false],
        [v.fee, false, true],
        [TOKEN_PROGRAM_ID, false, false],
        [SystemProgram.programId, false, false],
      ],
      [encodeBankConfigCompact({ ...DEFAULT_BANK_CONFIG, ...config })],
    );
  }

  /** lending_pool_configure_bank_oracle to a Pyth or Switchboard feed, signed by the admin. */
  configureOracleIx(bank: PublicKey, feed: PublicKey, kind: "pyth" | "switchboard", group: PublicKey = this.group): TransactionInstruction {
    return ix(
      "lending_pool_configure_bank_oracle",
      [
        [group, false, false],
        [this.admin.publicKey, true, false],
        [bank, false, true],
        [feed, false, false],
      ],
      [u8(kind === "pyth" ? 3 : 4), feed.toBuffer()],
    );
  }

  configureBankIx(bank: TestBank, config: BankConfigOpt, signer: PublicKey = this.admin.publicKey): TransactionInstruction {
    return ix(
      "lending_pool_configure_bank",
      [
        [this.group, false, false],
        [signer, true, false],
        [bank.key, false, true],
      ],
      [encodeBankConfigOpt(config)],
    );
  }

  async configureBank(bank: TestBank, config: BankConfigOpt): Promise<void> {
    await this.send(this.configureBankIx(bank, config), [this.admin]);
  }

  async bank(bank: TestBank): Promise<Bank> {
    return decodeBank((await this.connection.getAccountInfo(bank.key))!.data);
  }

  async tokenBalance(tokenAccount: PublicKey): Promise<bigint> {
    return (await getAccount(this.connection, tokenAccount)).amount;
  }

  // ---- users -----------------------------------------------------------------------------------------------

  async newUser(): Promise<TestUser> {
    const wallet = Keypair.generate();
    await this.airdrop(wallet.publicKey, 100_000_000_000n);
    const account = Keypair.generate();
    await this.send(this.initAccountIx(wallet.publicKey, account.publicKey), [wallet, account]);
    return { wallet, account: account.publicKey };
  }

  /** marginfi_account_initialize in the market's group, signed by the wallet (paying) and the new account's keypair. */
  initAccountIx(wallet: PublicKey, account: PublicKey): TransactionInstruction {
    return ix("marginfi_account_initialize", [
      [this.group, false, false],
      [account, true, true],
      [wallet, true, false],
      [wallet, true, true],
      [SystemProgram.programId, false, false],
    ]);
  }

  /** The wallet's associated token account for the bank's mint, created if needed and topped up by `amount`. */
  async fund(user: TestUser | Keypair, bank: TestBank, amount: bigint): Promise<PublicKey> {
    const owner = "wallet" in user ? user.wallet.publicKey : user.publicKey;
    this.ledger.warpToTime(this.now());
    const ata = await getOrCreateAssociatedTokenAccount(this.connection, this.admin, bank.mint, owner);
    if (amount > 0n) {
      this.ledger.warpToTime(this.now());
      await mintTo(this.connection, this.admin, bank.mint, ata.address, this.admin, amount);
    }
    return ata.address;
  }

  async tokenAccount(user: TestUser, bank: TestBank): Promise<PublicKey> {
    return this.fund(user, bank, 0n);
  }

  async marginfiAccount(user: TestUser | PublicKey): Promise<MarginfiAccount> {
    const key = user instanceof PublicKey ? user : user.account;
    return decodeMarginfiAccount((await this.connection.getAccountInfo(key))!.data);
  }

  /**
   * The risk accounts of the account's balances after an action: each active bank (plus `add`, minus `remove`)
   * followed by its oracle, in the order the program sorts balances (bank key descending).
   */
  async riskAccounts(user: TestUser, banks: TestBank[], change: RiskChange = {}): Promise<Meta[]> {
    return riskMetas(await this.marginfiAccount(user), banks, change);
  }

  // ---- user instructions -----------------------------------------------------------------------------------

  private userBankMetas(user: TestUser, bank: TestBank, signer?: PublicKey): Meta[] {
    return [
      [this.group, false, true],
      [user.account, false, true],
      [signer ?? user.wallet.publicKey, true, false],
      [bank.key, false, true],
    ];
  }

  depositIx(user: TestUser, bank: TestBank, source: PublicKey, amount: bigint, upToLimit?: boolean): TransactionInstruction {
    return ix(
      "lending_account_deposit",
      [...this.userBankMetas(user, bank), [source, false, true], [bank.vaults.liquidity, false, true], [TOKEN_PROGRAM_ID, false, false]],
      [u64(amount), option(upToLimit, bool)],
    );
  }

  repayIx(user: TestUser, bank: TestBank, source: PublicKey, amount: bigint, repayAll?: boolean): TransactionInstruction {
    return ix(
      "lending_account_repay",
      [...this.userBankMetas(user, bank), [source, false, true], [bank.vaults.liquidity, false, true], [TOKEN_PROGRAM_ID, false, false]],
      [u64(amount), option(repayAll, bool)],
    );
  }

  withdrawIx(
    user: TestUser,
    bank: TestBank,
    destination: PublicKey,
    amount: bigint,
    risk: Meta[],
    withdrawAll?: boolean,
  ): TransactionInstruction {
    return ix(
      "lending_account_withdraw",
      [
        ...this.userBankMetas(user, bank),
        [destination, false, true],
        [bank.vaults.liquidityAuthority, false, false],
        [bank.vaults.liquidity, false, true],
        [TOKEN_PROGRAM_ID, false, false],
        ...risk,
      ],
      [u64(amount), option(withdrawAll, bool)],
    );
  }

  borrowIx(user: TestUser, bank: TestBank, destination: PublicKey, amount: bigint, risk: Meta[]): TransactionInstruction {
    return ix(
      "lending_account_borrow",
      [
        ...this.userBankMetas(user, bank),
        [destination, false, true],
        [bank.vaults.liquidityAuthority, false, false],
        [bank.vaults.liquidity, false, true],
        [TOKEN_PROGRAM_ID, false, false],
        ...risk,
      ],
      [u64(amount)],
    );
  }

  pulseHealthIx(account: PublicKey, risk: Meta[]): TransactionInstruction {
    return ix("lending_account_pulse_health", [[account, false, true], ...risk]);
  }

  /** lending_account_start_flashloan, closed by the end_flashloan at transaction index `endIndex`. */
  startFlashloanIx(user: TestUser, endIndex: bigint, account: PublicKey = user.account): TransactionInstruction {
    return ix(
      "lending_account_start_flashloan",
      [
        [account, false, true],
        [user.wallet.publicKey, true, false],
        [SYSVAR_INSTRUCTIONS_PUBKEY, false, false],
      ],
      [u64(endIndex)],
    );
  }

  /** lending_account_end_flashloan with the account's risk accounts at the end of the loan. */
  endFlashloanIx(user: TestUser, risk: Meta[]): TransactionInstruction {
    return ix("lending_account_end_flashloan", [[user.account, false, true], [user.wallet.publicKey, true, false], ...risk]);
  }

  accrueIx(bank: TestBank): TransactionInstruction {
    return ix("lending_pool_accrue_bank_interest", [
      [this.group, false, false],
      [bank.key, false, true],
    ]);
  }

  /** Deposits `amount` after minting it to the user. */
  async deposit(user: TestUser, bank: TestBank, amount: bigint): Promise<string> {
    const source = await this.fund(user, bank, amount);
    return this.send(this.depositIx(user, bank, source, amount), [user.wallet]);
  }

  async borrow(user: TestUser, bank: TestBank, amount: bigint, banks: TestBank[]): Promise<string> {
    const destination = await this.tokenAccount(user, bank);
    const risk = await this.riskAccounts(user, banks, { add: bank });
    return this.send(this.borrowIx(user, bank, destination, amount, risk), [user.wallet]);
  }

  async withdraw(user: TestUser, bank: TestBank, amount: bigint, banks: TestBank[], withdrawAll?: boolean): Promise<string> {
    const destination = await this.tokenAccount(user, bank);
    const risk = await this.riskAccounts(user, banks, withdrawAll ? { remove: bank } : {});
    return this.send(this.withdrawIx(user, bank, destination, amount, risk, withdrawAll), [user.wallet]);
  }

  async repay(user: TestUser, bank: TestBank, amount: bigint, repayAll?: boolean): Promise<string> {
    const source = await this.tokenAccount(user, bank);
    return this.send(this.repayIx(user, bank, source, amount, repayAll), [user.wallet]);
  }

  // ---- bank maintenance ------------------------------------------------------------------------------------

  /** The global fee wallet's associated token account for the bank's mint (where program fees are paid). */
  feeWalletAta(bank: TestBank): PublicKey {
    return getAssociatedTokenAddressSync(bank.mint, this.feeWallet.publicKey);
  }

  pulsePriceCacheIx(bank: TestBank): TransactionInstruction {
    const oracle: Meta[] = bank.oracle ? [[bank.oracle, false, false]] : [];
    return ix("lending_pool_pulse_bank_price_cache", [[this.group, false, false], [bank.key, false, true], ...oracle]);
  }

  collectFeesIx(bank: TestBank, feeAta: PublicKey = this.feeWalletAta(bank)): TransactionInstruction {
    return ix("lending_pool_collect_bank_fees", [
      [this.group, false, false],
      [bank.key, false, true],
      [bank.vaults.liquidityAuthority, false, false],
      [bank.vaults.liquidity, false, true],
      [bank.vaults.insurance, false, true],
      [bank.vaults.fee, false, true],
      [FEE_STATE, false, false],
      [feeAta, false, true],
      [TOKEN_PROGRAM_ID, false, false],
    ]);
  }

  withdrawFeesIx(bank: TestBank, destination: PublicKey, amount: bigint, signer: PublicKey = this.admin.publicKey): TransactionInstruction {
    return ix(
      "lending_pool_withdraw_fees",
      [
        [this.group, false, false],
        [bank.key, false, false],
        [signer, true, false],
        [bank.vaults.fee, false, true],
        [bank.vaults.feeAuthority, false, false],
        [destination, false, true],
        [TOKEN_PROGRAM_ID, false, false],
      ],
      [u64(amount)],
    );
  }

  withdrawInsuranceIx(
    bank: TestBank,
    destination: PublicKey,
    amount: bigint,
    signer: PublicKey = this.admin.publicKey,
  ): TransactionInstruction {
    return ix(
      "lending_pool_withdraw_insurance",
      [
        [this.group, false, false],
        [bank.key, false, false],
        [signer, true, false],
        [bank.vaults.insurance, false, true],
        [bank.vaults.insuranceAuthority, false, false],
        [destination, false, true],
        [TOKEN_PROGRAM_ID, false, false],
      ],
      [u64(amount)],
    );
  }

  updateFeesDestinationIx(bank: TestBank, destination: PublicKey, signer: PublicKey = this.admin.publicKey): TransactionInstruction {
    return ix("lending_pool_update_fees_destination_account", [
      [this.group, false, false],
      [bank.key, false, true],
      [signer, true, false],
      [destination, false, false],
    ]);
  }

  withdrawFeesPermissionlessIx(bank: TestBank, destination: PublicKey, amount: bigint): TransactionInstruction {
    return ix(
      "lending_pool_withdraw_fees_permissionless",
      [
        [this.group, false, false],
        [bank.key, false, false],
        [bank.vaults.fee, false, true],
        [bank.vaults.feeAuthority, false, false],
        [destination, false, true],
        [TOKEN_PROGRAM_ID, false, false],
      ],
      [u64(amount)],
    );
  }

  closeBankIx(bank: TestBank, signer: PublicKey = this.admin.publicKey): TransactionInstruction {
    return ix("lending_pool_close_bank", [
      [this.group, false, true],
      [bank.key, false, true],
      [signer, true, true],
    ]);
  }

  setFixedPriceIx(bank: TestBank, price: string, signer: PublicKey = this.admin.publicKey): TransactionInstruction {
    return ix(
      "lending_pool_set_fixed_oracle_price",
      [
        [this.group, false, false],
        [signer, true, false],
        [bank.key, false, true],
      ],
      [fixed(price)],
    );
  }
}

export { none };
