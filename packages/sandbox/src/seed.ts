// Seeding: on the first start, creates the catalog's tokens, oracle feeds, six lending markets with their banks, e-mode,
// emissions and liquidity, all through the SDK's instruction builders and the oracle clients, and saves what it made;
// on later starts, checks the saved state against the chain and sends nothing.
import { randomBytes } from "node:crypto";
import { Keypair, PublicKey, SystemProgram, type Connection, type TransactionInstruction } from "@solana/web3.js";
import { MINT_SIZE, NATIVE_MINT, TOKEN_PROGRAM_ID, createInitializeMint2Instruction, createMintToInstruction } from "@solana/spl-token";
import {
  createPythFeedInstruction,
  decimalToUnits,
  latestSlotHash,
  oracleHeartbeatInstruction,
  oracleInitInstruction,
  oracleSecp256k1SecretKey,
  pullFeedInitInstruction,
  pullFeedSubmissionChecksum,
  pullFeedSubmitResponseInstruction,
  pythFeedAddress,
  queueAddMrEnclaveInstruction,
  guardianQueueInitInstruction,
  guardianQuoteVerifyInstruction,
  guardianRegisterInstruction,
  queueInitInstruction,
  secp256k1SignerOf,
  signChecksum,
  stateInitInstruction,
  updatePythPriceInstruction,
} from "@ballast/oracles";
import {
  BankConfigFlags,
  BankFlags,
  BankOperationalState,
  MARGINFI_PROGRAM_ID,
  OracleSetup,
  RiskTier,
  centiToU32,
  decodeFeeState,
  decodeMarginfiAccount,
  i80f48 as fx,
  milliToU32,
  type Bank,
} from "@ballast/protocol";
import {
  addBankInstruction,
  associatedTokenAddress,
  borrowFlowInstructions,
  borrowRiskAccounts,
  chainTime,
  configureBankEmodeInstruction,
  configureBankInstruction,
  configureBankOracleInstruction,
  configureGroupInstruction,
  createAssociatedTokenAccountInstruction,
  depositFlowInstructions,
  feeStateAddress,
  fetchGroupBanks,
  initGlobalFeeStateInstruction,
  initializeGroupInstruction,
  setupEmissionsInstruction,
  type BankConfigParams,
} from "@ballast/sdk";
import { MARKETS, RISK_PROFILES, TOKENS, type BankSpec, type MarketSpec, type RiskProfile, type TokenSpec } from "./catalog.js";
import { derivedKeypair } from "./keys.js";
import { createKaminoLendingMarket, seedKaminoBank } from "./kamino.js";
import { nativeForUsd, planLiquidity, type PlanBank } from "./liquidity.js";
import { sendPacked, sendTransaction } from "./send.js";
import {
  STATE_VERSION,
  parseState,
  verifyState,
  type SandboxState,
  type SeededBank,
  type SeededMarket,
  type SeededOracle,
  type SeededToken,
} from "./state.js";
import type { SandboxStore } from "./store.js";

/** The store key of the seeded state (`sandbox.json` in a directory store). */
export const STATE_KEY = "sandbox";

export interface SeedOptions {
  /** The lending program; the mainnet id by default. */
  programId?: string;
  /** Progress lines; silent by default. */
  log?: (message: string) => void;
}

const SWITCHBOARD_EXPONENT = -18;
const BPS = 10_000n;
/** Lamports a seed depositor keeps for fees and rent on top of any SOL it deposits. */
const DEPOSITOR_LAMPORTS = 200_000_000n;

const fraction = (bps: number) => fx.div(fx.fromInt(bps), fx.fromInt(10_000));
const pow10 = (n: number) => 10n ** BigInt(n);
const priceE12 = (token: TokenSpec) => decimalToUnits(token.price, -12);
const weightBps = (weight: string) => decimalToUnits(weight, -4);

/** Seeds once; afterwards returns the saved state once it is verified against the chain (sending nothing). */
export async function seedSandbox(
  connection: Connection,
  admin: Keypair,
  store: SandboxStore,
  options: SeedOptions = {},
): Promise<SandboxState> {
  const programId = new PublicKey(options.programId ?? MARGINFI_PROGRAM_ID);
  const saved = store.read(STATE_KEY);
  if (saved !== null) {
    const state = parseState(saved);
    await verifyState(connection, state, admin.publicKey, programId);
    if (state.stakingSince !== undefined) return state;
    // Seeded before LSTs earned staking yield: their exchange rates grow from now on.
    const upgraded: SandboxState = { ...state, stakingSince: Number(await chainTime(connection)) };
    store.write(STATE_KEY, upgraded);
    return upgraded;
  }
  const state = await new Seeder(connection, admin, programId, options.log ?? (() => {})).run();
  store.write(STATE_KEY, state);
  return state;
}

interface TokenHandle {
  readonly spec: TokenSpec;
  readonly mint: PublicKey;
}

/** How long the guardian's verification of the sandbox's Switchboard oracle lasts: a century, as long as it runs. */
const SWITCHBOARD_ORACLE_VERIFIED_SECONDS = 3_153_600_000;

class Seeder {
  private readonly tokens = new Map<string, TokenHandle>();
  private readonly oracles = new Map<string, SeededOracle>();
  private readonly banks: SeededBank[] = [];
  private readonly markets: SeededMarket[] = [];
  private feeWallet!: PublicKey;
  /** Chain time of the last price publication, so feeds are refreshed before they could go stale. */
  private publishedAt = 0n;
  /** Chain time of the feeds' first publication: where the LSTs' exchange rates start growing. */
  private stakingSince = 0n;
  /** The Switchboard queue whose one oracle the admin operates, and each Switchboard feed's hash, by address. */
  private switchboard: { readonly queue: PublicKey; readonly oracle: PublicKey } | null = null;
  private readonly feedHashes = new Map<string, Uint8Array>();

  constructor(
    private readonly connection: Connection,
    private readonly admin: Keypair,
    private readonly programId: PublicKey,
    private readonly log: (message: string) => void,
  ) {}

  async run(): Promise<SandboxState> {
    await this.feeState();
    await this.createMints();
    await this.createFeeds();
    for (const spec of MARKETS) await this.createMarket(spec);
    const tokens: SeededToken[] = TOKENS.map((t) => ({
      mint: this.tokens.get(t.symbol)!.mint.toBase58(),
      symbol: t.symbol,
      name: t.name,
      category: t.category,
      decimals: t.decimals,
      priceUsd: t.price,
    }));
    return {
      version: STATE_VERSION,
      programId: this.programId.toBase58(),
      admin: this.admin.publicKey.toBase58(),
      markets: this.markets,
      tokens,
      banks: this.banks,
      oracles: TOKENS.map((t) => this.oracles.get(t.symbol)!),
      stakingSince: Number(this.stakingSince),
    };
  }

  private send(instructions: TransactionInstruction[], signers: Keypair[] = []): Promise<string> {
    return sendTransaction(this.connection, this.admin, instructions, signers);
  }

  /** The program's fee state: created (fees to the admin) unless another deployment step made it already. */
  private async feeState(): Promise<void> {
    const address = feeStateAddress(this.programId);
    const existing = await this.connection.getAccountInfo(address);
    if (existing) {
      this.feeWallet = new PublicKey(decodeFeeState(existing.data).globalFeeWallet);
      return;
    }
    this.feeWallet = this.admin.publicKey;
    await this.send([
      initGlobalFeeStateInstruction({
        payer: this.admin.publicKey,
        admin: this.admin.publicKey,
        feeWallet: this.feeWallet,
        bankInitFlatSolFee: 0,
        liquidationFlatSolFee: 0,
        programFeeFixed: fx.ZERO,
        programFeeRate: fx.fromDecimal("0.01"),
        liquidationMaxFee: fx.fromDecimal("0.05"),
        programId: this.programId,
      }),
    ]);
    this.log("sandbox: fee state created");
  }

  /** Fresh SPL mints with the admin as mint authority (SOL is the native mint). */
  private async createMints(): Promise<void> {
    const rent = await this.connection.getMinimumBalanceForRentExemption(MINT_SIZE);
    const instructions: TransactionInstruction[] = [];
    const signers: Keypair[] = [];
    for (const spec of TOKENS) {
      if (spec.native) {
        this.tokens.set(spec.symbol, { spec, mint: NATIVE_MINT });
        continue;
      }
      const mint = Keypair.generate();
      signers.push(mint);
      instructions.push(
        SystemProgram.createAccount({
          fromPubkey: this.admin.publicKey,
          newAccountPubkey: mint.publicKey,
          lamports: rent,
          space: MINT_SIZE,
          programId: TOKEN_PROGRAM_ID,
        }),
        createInitializeMint2Instruction(mint.publicKey, spec.decimals, this.admin.publicKey, null),
      );
      this.tokens.set(spec.symbol, { spec, mint: mint.publicKey });
    }
    await sendPacked(this.connection, this.admin, instructions, signers);
    this.log(`sandbox: ${signers.length} token mints created`);
  }

  /**
   * The Switchboard queue the sandbox's pull feeds live on, with one oracle the admin operates: the program's State
   * (administered by the admin) names a guardian queue with one guardian the admin also operates, which verifies the
   * oracle's enclave quote and signing key; the oracle then heartbeats onto the queue. The price pusher finds it by
   * that key.
   */
  private async createSwitchboardQueue(): Promise<{ queue: PublicKey; oracle: PublicKey }> {
    const queue = Keypair.generate();
    const oracle = Keypair.generate();
    const guardianQueue = Keypair.generate();
    const guardian = Keypair.generate();
    const admin = this.admin.publicKey;
    const mrEnclave = randomBytes(32);
    await this.send(
      [
        stateInitInstruction({ payer: admin }),
        guardianQueueInitInstruction({ queue: guardianQueue.publicKey, authority: admin, payer: admin }),
        oracleInitInstruction({ oracle: guardian.publicKey, payer: admin, authority: admin, queue: guardianQueue.publicKey }),
        guardianRegisterInstruction({ oracle: guardian.publicKey, guardianQueue: guardianQueue.publicKey, authority: admin }),
      ],
      [guardianQueue, guardian],
    );
    await this.send(
      [
        queueInitInstruction({
          queue: queue.publicKey,
          authority: admin,
          payer: admin,
          maxQuoteVerificationAge: SWITCHBOARD_ORACLE_VERIFIED_SECONDS,
        }),
        queueAddMrEnclaveInstruction({ queue: queue.publicKey, authority: admin, mrEnclave }),
        oracleInitInstruction({ oracle: oracle.publicKey, payer: admin, authority: admin, queue: queue.publicKey }),
        guardianQuoteVerifyInstruction({
          guardian: guardian.publicKey,
          authority: admin,
          oracle: oracle.publicKey,
          queue: queue.publicKey,
          guardianQueue: guardianQueue.publicKey,
          timestamp: await chainTime(this.connection),
          mrEnclave,
          secp256k1Key: secp256k1SignerOf(oracleSecp256k1SecretKey(this.admin.secretKey)),
        }),
        oracleHeartbeatInstruction({ oracle: oracle.publicKey, oracleSigner: admin, queue: queue.publicKey }),
      ],
      [queue, oracle],
    );
    this.switchboard = { queue: queue.publicKey, oracle: oracle.publicKey };
    this.log("sandbox: Switchboard queue and oracle created");
    return this.switchboard;
  }

  /** One feed per token, Pyth or Switchboard as the catalog says, with its starting price published. */
  private async createFeeds(): Promise<void> {
    const switchboard = TOKENS.some((spec) => spec.oracle === "switchboard") ? await this.createSwitchboardQueue() : null;
    const instructions: TransactionInstruction[] = [];
    const signers: Keypair[] = [];
    for (const spec of TOKENS) {
      const id = randomBytes(32);
      const authority = this.admin.publicKey;
      const exponent = spec.oracle === "pyth" ? (spec.exponent ?? -8) : SWITCHBOARD_EXPONENT;
      let address: PublicKey;
      if (spec.oracle === "pyth") {
        address = pythFeedAddress(authority, id)[0];
        instructions.push(createPythFeedInstruction({ authority, feedId: id }));
      } else if (switchboard !== null) {
        const feed = Keypair.generate();
        signers.push(feed);
        address = feed.publicKey;
        this.feedHashes.set(address.toBase58(), id);
        instructions.push(
          pullFeedInitInstruction({
            pullFeed: address,
            queue: switchboard.queue,
            authority,
            payer: authority,
            feedHash: id,
            name: `${spec.symbol}/USD`,
          }),
        );
      } else {
        throw new Error(`no Switchboard queue for ${spec.symbol}`);
      }
      this.oracles.set(spec.symbol, {
        address: address.toBase58(),
        kind: spec.oracle,
        symbol: spec.symbol,
        exponent,
        price: spec.price,
        dailyVolatility: spec.dailyVolatility,
        confidence: spec.confidence,
        family: spec.family,
      });
    }
    const now = await chainTime(this.connection);
    instructions.push(...(await this.priceInstructions([...this.oracles.values()], now)));
    await sendPacked(this.connection, this.admin, instructions, signers);
    this.publishedAt = now;
    this.stakingSince = now;
    this.log(`sandbox: ${TOKENS.length} oracle feeds created`);
  }

  /**
   * Updates of the feeds to their starting prices, published now: Pyth's from the admin as write authority,
   * Switchboard's as the queue's oracle, signed over the latest slot hash.
   */
  private async priceInstructions(oracles: readonly SeededOracle[], now: bigint): Promise<TransactionInstruction[]> {
    const authority = this.admin.publicKey;
    const at = oracles.some((o) => o.kind === "switchboard") ? await latestSlotHash(this.connection) : null;
    const secret = oracleSecp256k1SecretKey(this.admin.secretKey);
    return oracles.map((oracle) => {
      const price = decimalToUnits(oracle.price, oracle.exponent);
      const feed = new PublicKey(oracle.address);
      if (oracle.kind === "pyth") {
        const confidence = (price * BigInt(Math.round(oracle.confidence * 1e9))) / 1_000_000_000n;
        return updatePythPriceInstruction({
          authority,
          feed,
          price,
          conf: confidence,
          exponent: oracle.exponent,
          publishTime: now,
          emaPrice: price,
          emaConf: confidence,
        });
      }
      const feedHash = this.feedHashes.get(oracle.address);
      if (this.switchboard === null || feedHash === undefined || at === null) {
        throw new Error(`Switchboard feed ${oracle.address} was not created by this seeding`);
      }
      const { queue } = this.switchboard;
      const checksum = pullFeedSubmissionChecksum({ queue, feedHash, value: price, slothash: at.hash, maxVariance: 0n, minResponses: 1 });
      return pullFeedSubmitResponseInstruction({
        feed,
        queue,
        payer: authority,
        slot: at.slot,
        submissions: [{ oracle: this.switchboard.oracle, value: price, ...signChecksum(checksum, secret) }],
      });
    });
  }

  /** Republishes every price before the banks read them for health, unless they were published in this second. */
  private async refreshPrices(): Promise<void> {
    const now = await chainTime(this.connection);
    if (now === this.publishedAt) return;
    await sendPacked(this.connection, this.admin, await this.priceInstructions([...this.oracles.values()], now));
    this.publishedAt = now;
  }

  private async createMarket(spec: MarketSpec): Promise<void> {
    const group = Keypair.generate();
    const admin = this.admin.publicKey;
    const programId = this.programId;
    await this.send(
      [
        initializeGroupInstruction({ group: group.publicKey, admin, programId }),
        configureGroupInstruction({
          group: group.publicKey,
          admin,
          newAdmin: admin,
          newEmodeAdmin: admin,
          newCurveAdmin: admin,
          newLimitAdmin: admin,
          newEmissionsAdmin: admin,
          newMetadataAdmin: admin,
          newRiskAdmin: admin,
          programId,
        }),
      ],
      [group],
    );
    this.markets.push({ group: group.publicKey.toBase58(), name: spec.name });
    const banks: { spec: BankSpec; key: PublicKey; risk: RiskProfile; token: TokenHandle }[] = [];
    for (const bankSpec of spec.banks) {
      const token = this.tokens.get(bankSpec.symbol)!;
      const profile = RISK_PROFILES[bankSpec.symbol];
      if (!profile) throw new Error(`No risk profile for ${bankSpec.symbol}`);
      const risk = { ...profile, ...bankSpec.risk };
      const key = await this.addBank(group.publicKey, bankSpec, risk, token);
      banks.push({ spec: bankSpec, key, risk, token });
    }
    await this.configureEmode(group.publicKey, banks);
    await this.setupEmissions(group.publicKey, banks);
    await this.seedLiquidity(spec.name, group.publicKey, banks);
    const reduceOnly = banks.filter((b) => b.spec.reduceOnly);
    for (const bank of reduceOnly) {
      await this.send([
        configureBankInstruction({
          group: group.publicKey,
          admin,
          bank: bank.key,
          changes: { operationalState: BankOperationalState.ReduceOnly },
          programId,
        }),
      ]);
    }
    await this.createKaminoBanks(group.publicKey, spec);
    this.log(`sandbox: market "${spec.name}" ready with ${banks.length} banks (${group.publicKey.toBase58()})`);
  }

  /** The market's banks backed by the third-party market, over reserves of one lending market for the group. */
  private async createKaminoBanks(group: PublicKey, spec: MarketSpec): Promise<void> {
    const kaminoBanks = spec.kaminoBanks ?? [];
    if (kaminoBanks.length === 0) return;
    const ctx = {
      connection: this.connection,
      admin: this.admin,
      programId: this.programId,
      group,
      refreshPrices: () => this.refreshPrices(),
    };
    const lendingMarket = await createKaminoLendingMarket(ctx);
    const tokenOf = (symbol: string) => ({ ...this.tokens.get(symbol)!, oracle: this.oracles.get(symbol)! });
    for (const bankSpec of kaminoBanks) this.banks.push(await seedKaminoBank(ctx, lendingMarket, bankSpec, tokenOf));
    this.log(`sandbox: ${kaminoBanks.length} Kamino-backed bank(s) in "${spec.name}" (lending market ${lendingMarket.toBase58()})`);
  }

  private async addBank(group: PublicKey, spec: BankSpec, risk: RiskProfile, token: TokenHandle): Promise<PublicKey> {
    const bank = Keypair.generate();
    const oracle = this.oracles.get(spec.symbol)!;
    const price = { decimals: token.spec.decimals, priceE12: priceE12(token.spec) };
    const config: BankConfigParams = {
      assetWeightInit: fx.fromDecimal(risk.assetWeightInit),
      assetWeightMaint: fx.fromDecimal(risk.assetWeightMaint),
      liabilityWeightInit: fx.fromDecimal(risk.liabilityWeightInit),
      liabilityWeightMaint: fx.fromDecimal(risk.liabilityWeightMaint),
      depositLimit: nativeForUsd(price, spec.depositLimitUsd),
      interestRateConfig: {
        insuranceFeeFixedApr: fx.fromDecimal(risk.fees.insuranceFeeFixedApr),
        insuranceIrFee: fx.fromDecimal(risk.fees.insuranceIrFee),
        protocolFixedFeeApr: fx.fromDecimal(risk.fees.protocolFixedFeeApr),
        protocolIrFee: fx.fromDecimal(risk.fees.protocolIrFee),
        protocolOriginationFee: fx.fromDecimal(risk.fees.protocolOriginationFee),
        zeroUtilRate: milliToU32(fraction(risk.curve.zeroBps)),
        hundredUtilRate: milliToU32(fraction(risk.curve.hundredBps)),
        points: risk.curve.points.map(([util, rate]) => ({ util: centiToU32(fraction(util)), rate: milliToU32(fraction(rate)) })),
      },
      operationalState: BankOperationalState.Operational,
      borrowLimit: nativeForUsd(price, spec.borrowLimitUsd),
      riskTier: risk.isolated ? RiskTier.Isolated : RiskTier.Collateral,
      assetTag: risk.assetTag,
      configFlags: BankConfigFlags.PYTH_PUSH_MIGRATED_DEPRECATED,
      totalAssetValueInitLimit: spec.totalAssetValueInitLimitUsd ?? 0n,
      oracleMaxAge: risk.oracleMaxAge,
      oracleMaxConfidence: 0,
    };
    const admin = this.admin.publicKey;
    await this.send(
      [
        addBankInstruction({
          group,
          admin,
          globalFeeWallet: this.feeWallet,
          bankMint: token.mint,
          config,
          bank: bank.publicKey,
          programId: this.programId,
        }),
        configureBankOracleInstruction({
          group,
          admin,
          bank: bank.publicKey,
          setup: oracle.kind === "pyth" ? OracleSetup.PythPushOracle : OracleSetup.SwitchboardPull,
          oracle: new PublicKey(oracle.address),
          programId: this.programId,
        }),
      ],
      [bank],
    );
    this.banks.push({
      address: bank.publicKey.toBase58(),
      group: group.toBase58(),
      symbol: spec.symbol,
      mint: token.mint.toBase58(),
      decimals: token.spec.decimals,
      oracle: oracle.address,
      oracleKind: oracle.kind,
      isolated: risk.isolated,
      reduceOnly: spec.reduceOnly ?? false,
      emodeTag: spec.emodeTag ?? 0,
      emissionsMint: spec.emissions ? this.tokens.get(spec.emissions.reward)!.mint.toBase58() : null,
    });
    return bank.publicKey;
  }

  private async configureEmode(group: PublicKey, banks: { spec: BankSpec; key: PublicKey }[]): Promise<void> {
    const instructions = banks
      .filter((b) => b.spec.emodeTag !== undefined)
      .map((b) =>
        configureBankEmodeInstruction({
          group,
          bank: b.key,
          emodeAdmin: this.admin.publicKey,
          emodeTag: b.spec.emodeTag!,
          entries: (b.spec.emodeEntries ?? []).map((e) => ({
            collateralBankEmodeTag: e.collateralTag,
            flags: 0,
            assetWeightInit: fx.fromDecimal(e.assetWeightInit),
            assetWeightMaint: fx.fromDecimal(e.assetWeightMaint),
          })),
          programId: this.programId,
        }),
      );
    if (instructions.length > 0) await sendPacked(this.connection, this.admin, instructions);
  }

  /** Funds each emissions vault from the admin's own reward tokens, at the catalog's APR at starting prices. */
  private async setupEmissions(group: PublicKey, banks: { spec: BankSpec; key: PublicKey; token: TokenHandle }[]): Promise<void> {
    const admin = this.admin.publicKey;
    for (const bank of banks) {
      const emissions = bank.spec.emissions;
      if (!emissions) continue;
      const reward = this.tokens.get(emissions.reward)!;
      const budget = emissions.budget * pow10(reward.spec.decimals);
      // Reward native units per whole bank token per year.
      const rate = (BigInt(emissions.aprBps) * priceE12(bank.token.spec) * pow10(reward.spec.decimals)) / (priceE12(reward.spec) * BPS);
      const funding = associatedTokenAddress(reward.mint, admin);
      const flags =
        (emissions.lending ? BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE : 0n) |
        (emissions.borrowing ? BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE : 0n);
      await this.send([
        createAssociatedTokenAccountInstruction({ owner: admin, mint: reward.mint }),
        createMintToInstruction(reward.mint, funding, admin, budget),
        setupEmissionsInstruction({
          group,
          bank: bank.key,
          emissionsAdmin: admin,
          emissionsMint: reward.mint,
          emissionsFundingAccount: funding,
          flags,
          rate,
          totalEmissions: budget,
          programId: this.programId,
        }),
      ]);
    }
  }

  /** Deposits every bank's supply and borrows it to its target utilization, through margin accounts of derived wallets. */
  private async seedLiquidity(
    market: string,
    group: PublicKey,
    banks: { spec: BankSpec; key: PublicKey; risk: RiskProfile; token: TokenHandle }[],
  ): Promise<void> {
    const planBanks: PlanBank[] = banks.map((b) => {
      const price = { decimals: b.token.spec.decimals, priceE12: priceE12(b.token.spec) };
      return {
        address: b.key.toBase58(),
        symbol: b.spec.symbol,
        ...price,
        supplyUsd: b.spec.supplyUsd,
        utilizationBps: b.spec.utilizationBps,
        collateralWeightBps: b.risk.isolated || b.spec.reduceOnly ? 0n : weightBps(b.risk.assetWeightInit),
        liabilityWeightBps: weightBps(b.risk.liabilityWeightInit),
        depositLimit: nativeForUsd(price, b.spec.depositLimitUsd),
        borrowLimit: nativeForUsd(price, b.spec.borrowLimitUsd),
      };
    });
    const plan = planLiquidity(market, planBanks);
    const byAddress = new Map(banks.map((b) => [b.key.toBase58(), b]));
    const admin = this.admin.publicKey;
    const accounts = plan.accounts.map((planned, i) => ({
      planned,
      wallet: derivedKeypair(this.admin, `${group.toBase58()}/liquidity/${i}`),
      account: Keypair.generate(),
    }));

    // Fund the wallets: lamports for fees, rent and SOL deposits; minted tokens for everything else.
    const funding: TransactionInstruction[] = [];
    for (const { planned, wallet } of accounts) {
      let lamports = DEPOSITOR_LAMPORTS;
      for (const [address, amount] of planned.deposits) {
        const bank = byAddress.get(address)!;
        if (bank.token.spec.native) {
          lamports += amount;
          continue;
        }
        const ata = associatedTokenAddress(bank.token.mint, wallet.publicKey);
        funding.push(
          createAssociatedTokenAccountInstruction({ owner: wallet.publicKey, mint: bank.token.mint, payer: admin }),
          createMintToInstruction(bank.token.mint, ata, admin, amount),
        );
      }
      funding.push(SystemProgram.transfer({ fromPubkey: admin, toPubkey: wallet.publicKey, lamports }));
    }
    await sendPacked(this.connection, this.admin, funding);

    for (const { planned, wallet, account } of accounts) {
      const deposits = [...planned.deposits].flatMap(([address, amount], i) => {
        const bank = byAddress.get(address)!;
        return depositFlowInstructions({
          group,
          marginfiAccount: account.publicKey,
          authority: wallet.publicKey,
          bank: bank.key,
          mint: bank.token.mint,
          amount,
          newAccount: i === 0 ? "keypair" : undefined,
          programId: this.programId,
        });
      });
      await sendPacked(this.connection, wallet, deposits, [account]);
    }

    await this.refreshPrices();
    const lookup = new Map<string, Bank>(
      (await fetchGroupBanks(this.connection, this.programId.toBase58(), group.toBase58())).map((b) => [b.address, b.bank]),
    );
    for (const { planned, wallet, account } of accounts) {
      if (!planned.borrow) continue;
      const bank = byAddress.get(planned.borrow.bank)!;
      const info = await this.connection.getAccountInfo(account.publicKey);
      if (!info) throw new Error(`${market}: margin account ${account.publicKey.toBase58()} was not created`);
      const riskAccounts = borrowRiskAccounts(decodeMarginfiAccount(info.data), lookup, bank.key);
      await sendPacked(
        this.connection,
        wallet,
        borrowFlowInstructions({
          group,
          marginfiAccount: account.publicKey,
          authority: wallet.publicKey,
          bank: bank.key,
          mint: bank.token.mint,
          amount: planned.borrow.amount,
          riskAccounts,
          programId: this.programId,
        }),
      );
    }
  }
}
