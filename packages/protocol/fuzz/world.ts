// The fuzzer's world: a fresh lending group on a shared ledger with six banks (Pyth and Switchboard feeds, fees,
// e-mode tags, emissions), six users, a liquidator holding deposits in every bank, and the model the invariants
// compare the chain against. Built with in-process transactions so a replay while shrinking costs well under a
// second; a new group per world keeps replays independent of what earlier ones left on the ledger.
import { Keypair, PublicKey, SYSVAR_INSTRUCTIONS_PUBKEY, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { POOL_PROGRAM_ID, eventAuthority } from "@ballast/swap";
import {
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import {
  BankFlags,
  BankLayout,
  decodeBank,
  decodeMarginfiAccount,
  i80f48,
  type Bank,
  type I80F48,
  type MarginfiAccount,
} from "../src/index.js";
import {
  DEFAULT_BANK_CONFIG,
  FEE_STATE,
  bankVaults,
  ix,
  riskMetas,
  type Meta,
  type OracleSpec,
  type RiskChange,
  type TestBank,
  type TestMarket,
  type TestUser,
} from "../test/support/market.js";
import type { BankConfigCompact } from "../test/support/borsh.js";
import { appointAdmins, configureEmodeIx, emissionsVault, setupEmissionsIx, type GroupAdmins } from "../test/support/emissions-emode.js";
import { initLiquidationRecordIx, liquidationRecordAddress } from "../test/support/receivership.js";
import { Chain, rentExempt, type Landed } from "./chain.js";
import { InvariantViolation } from "./violation.js";
import { vaultExcess } from "./invariants.js";
import { createKaminoBank, kaminoRate, refreshReserveIx, type KaminoBank } from "./kamino.js";
import { createPools, invariantOf, type VenuePool } from "./venue.js";
import { KLEND_PROGRAM_ID as MARKET_PROGRAM_ID } from "@ballast/market";

export type FeedSpec = Extract<OracleSpec, { kind: "pyth" | "switchboard" }>;

interface AssetSpec {
  symbol: string;
  decimals: number;
  feed: FeedSpec;
  config: Partial<BankConfigCompact>;
  /** Interest fees (insurance, group, program, origination), so fee collection has something to move. */
  fees: boolean;
  emodeTag: number;
}

/** E-mode: SOL and JitoSOL lend against each other at better weights; the fuzzer's e-mode op rewrites the entries. */
export const SOL_TAG = 501;
export const LST_TAG = 1571;

const FEES = {
  insuranceFeeFixedApr: "0.005",
  insuranceIrFee: "0.05",
  protocolFixedFeeApr: "0.01",
  protocolIrFee: "0.1",
  protocolOriginationFee: "0.005",
};

const ASSETS: AssetSpec[] = [
  {
    symbol: "SOL",
    decimals: 9,
    feed: { kind: "pyth", price: 150, conf: 0.05 },
    config: { assetWeightInit: "0.8", assetWeightMaint: "0.9" },
    fees: false,
    emodeTag: SOL_TAG,
  },
  {
    symbol: "USDC",
    decimals: 6,
    feed: { kind: "switchboard", price: 1, stdDev: 0.0005 },
    config: { assetWeightInit: "0.9", assetWeightMaint: "0.95", liabilityWeightInit: "1.1", liabilityWeightMaint: "1.05" },
    fees: true,
    emodeTag: 0,
  },
  {
    symbol: "BTC",
    decimals: 8,
    feed: { kind: "pyth", price: 60_000, conf: 20 },
    config: { assetWeightInit: "0.7", assetWeightMaint: "0.8" },
    fees: false,
    emodeTag: 0,
  },
  {
    symbol: "JitoSOL",
    decimals: 9,
    feed: { kind: "pyth", price: 170, conf: 0.06 },
    config: { assetWeightInit: "0.75", assetWeightMaint: "0.85" },
    fees: true,
    emodeTag: LST_TAG,
  },
  {
    symbol: "USDT",
    decimals: 6,
    feed: { kind: "switchboard", price: 1, stdDev: 0.0005 },
    config: { assetWeightInit: "0.85", assetWeightMaint: "0.9", liabilityWeightInit: "1.05", liabilityWeightMaint: "1.02" },
    fees: true,
    emodeTag: 0,
  },
  {
    symbol: "WIF",
    decimals: 6,
    feed: { kind: "switchboard", price: 2, stdDev: 0.002 },
    config: { assetWeightInit: "0.5", assetWeightMaint: "0.65", liabilityWeightInit: "1.3", liabilityWeightMaint: "1.2" },
    fees: true,
    emodeTag: 0,
  },
];

export const USERS = 6;
/** Emissions: USDC deposits and SOL borrows earn the reward token. */
const EMISSIONS: { symbol: string; flags: bigint }[] = [
  { symbol: "USDC", flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE },
  { symbol: "SOL", flags: BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE },
];

export interface Asset {
  index: number;
  symbol: string;
  bank: TestBank;
  listing: Readonly<FeedSpec>;
  /** The feed as last published. */
  spec: FeedSpec;
  unit: bigint;
  emodeTag: number;
  /** The admin's token account, where fee and insurance withdrawals go. */
  adminTokens: PublicKey;
  /** The global fee wallet's token account, where collected program fees go. */
  feeWalletTokens: PublicKey;
  /** The emissions vault when the bank pays emissions. */
  emissionsVault: PublicKey | null;
}

export interface Actor {
  user: TestUser;
  /** Token accounts per asset, in asset order. */
  tokens: PublicKey[];
  reward: PublicKey;
}

/** What the chain must agree with, per asset: the fee-side vaults' expected balances and settlement leftovers. */
export interface Model {
  insurance: bigint[];
  feeVault: bigint[];
  feeWallet: bigint[];
  /** Per bank, what bankruptcy settlements left its liquidity vault holding beyond its books (support/bankruptcy.ts). */
  offBooks: I80F48[];
  /** Per bank, the rounding its liquidity vault held beyond its books after the last step (invariants.ts). */
  excess: I80F48[];
  /** Per bank, how far its accruals so far may have left the vault short of its books by truncation. */
  accrualRounding: I80F48[];
  /** Per bank, its last accrual's timestamp when the invariants last ran. */
  lastAccrual: bigint[];
  /** Every mint's supply, fixed once the world is built: no step mints or burns. */
  supply: Map<string, bigint>;
  /** The Kamino reserve's exchange rate after the last step (invariants.ts): liquidity against collateral tokens. */
  kaminoRate: { liquidity: bigint; collateral: bigint };
  /** Per venue pool, its invariant after the last step (invariants.ts). */
  poolInvariants: bigint[];
}

/** Native units of `usd` dollars of an asset at its listing price. */
export const worth = (asset: Pick<Asset, "listing" | "unit">, usd: number): bigint =>
  (BigInt(Math.floor((usd / asset.listing.price) * 1e6)) * asset.unit) / 1_000_000n;

export class World {
  readonly model: Model = {
    insurance: [],
    feeVault: [],
    feeWallet: [],
    offBooks: [],
    excess: [],
    accrualRounding: [],
    lastAccrual: [],
    supply: new Map(),
    kaminoRate: { liquidity: 0n, collateral: 1n },
    poolInvariants: [],
  };
  private watchedKeys: PublicKey[] = [];
  /** The clock when the world was built (unix seconds). */
  born = 0n;

  private constructor(
    readonly market: TestMarket,
    readonly chain: Chain,
    readonly group: PublicKey,
    readonly admins: GroupAdmins,
    readonly assets: Asset[],
    readonly users: Actor[],
    readonly liquidator: Actor,
    readonly rewardMint: PublicKey,
    readonly rewardFunding: PublicKey,
    readonly kamino: KaminoBank,
    readonly pools: VenuePool[],
  ) {}

  /** A fresh group with its banks, users and liquidator on the market's ledger. */
  static async create(market: TestMarket): Promise<World> {
    const chain = new Chain(market.ledger);
    const admin = market.admin;
    market.group = await createGroup(market, chain);
    const admins = await appointAdmins(market);

    const mints: Keypair[] = [...ASSETS, null].map(() => Keypair.generate());
    for (const [i, mint] of mints.entries()) {
      await chain.send(
        [
          SystemProgram.createAccount({
            fromPubkey: admin.publicKey,
            newAccountPubkey: mint.publicKey,
            lamports: Number(rentExempt(MINT_SIZE)),
            space: MINT_SIZE,
            programId: TOKEN_PROGRAM_ID,
          }),
          createInitializeMint2Instruction(mint.publicKey, ASSETS[i]?.decimals ?? 6, admin.publicKey, null),
        ],
        [admin, mint],
      );
    }
    const rewardMint = mints[ASSETS.length]!.publicKey;

    // Bank keys in descending order, as accounts sort balances: every world orders its balances alike, so a
    // replay sums health in the same order as the run it reproduces.
    const bankKeys = ASSETS.map(() => Keypair.generate()).sort((a, b) => Buffer.compare(b.publicKey.toBuffer(), a.publicKey.toBuffer()));
    const assets: Asset[] = [];
    for (const [index, spec] of ASSETS.entries()) {
      const bankKey = bankKeys[index]!;
      const mint = mints[index]!.publicKey;
      const config: Partial<BankConfigCompact> = spec.fees
        ? { ...spec.config, interest: { ...DEFAULT_BANK_CONFIG.interest, ...FEES } }
        : spec.config;
      const feed = market.createFeedIx(spec.feed)!;
      await chain.send([market.addBankIx(bankKey.publicKey, mint, config)], [admin, bankKey]);
      await chain.send([feed.instruction, market.oracleUpdateIx(feed.feed, spec.feed)!], [market.oracleAuthority]);
      await chain.send([market.configureOracleIx(bankKey.publicKey, feed.feed, spec.feed.kind)], [admin]);
      const bank: TestBank = {
        key: bankKey.publicKey,
        mint,
        decimals: spec.decimals,
        oracle: feed.feed,
        oracleKind: spec.feed.kind,
        vaults: bankVaults(bankKey.publicKey),
      };
      const asset: Asset = {
        index,
        symbol: spec.symbol,
        bank,
        listing: { ...spec.feed },
        spec: { ...spec.feed },
        unit: 10n ** BigInt(spec.decimals),
        emodeTag: spec.emodeTag,
        adminTokens: getAssociatedTokenAddressSync(mint, admin.publicKey),
        feeWalletTokens: getAssociatedTokenAddressSync(mint, market.feeWallet.publicKey),
        emissionsVault: null,
      };
      await chain.send(
        [asset.adminTokens, asset.feeWalletTokens].map((ata, i) =>
          createAssociatedTokenAccountIdempotentInstruction(
            admin.publicKey,
            ata,
            i === 0 ? admin.publicKey : market.feeWallet.publicKey,
            mint,
          ),
        ),
        [admin],
      );
      assets.push(asset);
    }
    const bySymbol = (symbol: string) => assets.find((a) => a.symbol === symbol)!;

    // E-mode: borrowing SOL against JitoSOL (and the reverse) at 0.9 / 0.93.
    const sol = bySymbol("SOL");
    const lst = bySymbol("JitoSOL");
    await chain.send(
      [
        configureEmodeIx(market, sol.bank, admins.emode.publicKey, SOL_TAG, [{ tag: LST_TAG, init: "0.9", maint: "0.93" }]),
        configureEmodeIx(market, lst.bank, admins.emode.publicKey, LST_TAG, [{ tag: SOL_TAG, init: "0.9", maint: "0.93" }]),
      ],
      [admins.emode],
    );

    // Emissions, funded from the emissions admin's reward tokens.
    const rewardFunding = getAssociatedTokenAddressSync(rewardMint, admins.emissions.publicKey);
    await chain.send(
      [
        createAssociatedTokenAccountIdempotentInstruction(admin.publicKey, rewardFunding, admins.emissions.publicKey, rewardMint),
        createMintToInstruction(rewardMint, rewardFunding, admin.publicKey, 10n ** 15n),
      ],
      [admin],
    );
    for (const { symbol, flags } of EMISSIONS) {
      const asset = bySymbol(symbol);
      await chain.send(
        [
          setupEmissionsIx(market, asset.bank, admins.emissions.publicKey, rewardMint, rewardFunding, {
            flags,
            rate: 1_000_000n,
            total: 10n ** 12n,
          }),
        ],
        [admins.emissions],
      );
      asset.emissionsVault = emissionsVault(asset.bank, rewardMint);
    }

    const newActor = async (usd: number): Promise<Actor> => {
      const wallet = Keypair.generate();
      const account = Keypair.generate();
      await market.ledger.requestAirdrop(wallet.publicKey.toBase58(), 100_000_000_000n);
      await chain.send([market.initAccountIx(wallet.publicKey, account.publicKey)], [wallet, account]);
      const tokens = assets.map((a) => getAssociatedTokenAddressSync(a.bank.mint, wallet.publicKey));
      const reward = getAssociatedTokenAddressSync(rewardMint, wallet.publicKey);
      for (const a of assets) {
        await chain.send(
          [
            createAssociatedTokenAccountIdempotentInstruction(admin.publicKey, tokens[a.index]!, wallet.publicKey, a.bank.mint),
            createMintToInstruction(a.bank.mint, tokens[a.index]!, admin.publicKey, worth(a, usd)),
          ],
          [admin],
        );
      }
      await chain.send([createAssociatedTokenAccountIdempotentInstruction(admin.publicKey, reward, wallet.publicKey, rewardMint)], [admin]);
      return { user: { wallet, account: account.publicKey }, tokens, reward };
    };
    const liquidator = await newActor(5_000_000);
    const users: Actor[] = [];
    for (let i = 0; i < USERS; i++) users.push(await newActor(200_000));

    // The Kamino bank over a SOL reserve, supplied by the liquidator; the market borrower takes half of the supply
    // against BTC.
    const btc = bySymbol("BTC");
    const reserveAsset = (a: Asset) => ({ mint: a.bank.mint, feed: a.bank.oracle!, adminTokens: a.adminTokens });
    const kamino = await createKaminoBank(
      market,
      chain,
      market.group,
      { ...reserveAsset(sol), symbol: sol.symbol, decimals: sol.bank.decimals },
      reserveAsset(btc),
      { supplier: liquidator.user, tokens: liquidator.tokens[sol.index]!, amount: worth(sol, 300_000) },
      { collateral: worth(btc, 400_000), borrowed: worth(sol, 150_000) },
    );

    const pools = await createPools(market, chain, assets);
    // What a leverage loop or a receivership over many positions names beside its signers and programs.
    await chain.createLookupTable(admin, [
      market.group,
      TOKEN_PROGRAM_ID,
      SYSVAR_INSTRUCTIONS_PUBKEY,
      ...[...assets.map((a) => a.bank), kamino.bank].flatMap((b) => [b.key, b.oracle!, b.vaults.liquidity, b.vaults.liquidityAuthority]),
      kamino.reserve,
      ...pools.flatMap((p) => [p.addresses.pool, p.addresses.authority, p.addresses.vaultA, p.addresses.vaultB]),
      new PublicKey(POOL_PROGRAM_ID),
      eventAuthority(),
    ]);

    const world = new World(market, chain, market.group, admins, assets, users, liquidator, rewardMint, rewardFunding, kamino, pools);
    // The liquidator backs every bank; each user starts with deposits in two banks.
    await chain.send(
      assets.map((a) => market.depositIx(liquidator.user, a.bank, liquidator.tokens[a.index]!, worth(a, 300_000))),
      [liquidator.user.wallet],
    );
    for (const [i, actor] of users.entries()) {
      const picks = [assets[i % assets.length]!, assets[(i + 2) % assets.length]!];
      await chain.send(
        picks.map((a) => market.depositIx(actor.user, a.bank, actor.tokens[a.index]!, worth(a, 40_000))),
        [actor.user.wallet],
      );
      await chain.send([initLiquidationRecordIx(actor.user.account, liquidator.user.wallet.publicKey)], [liquidator.user.wallet]);
    }
    // $2,000 of insurance per bank.
    await chain.send(
      assets.map((a) => createMintToInstruction(a.bank.mint, a.bank.vaults.insurance, admin.publicKey, worth(a, 2_000))),
      [admin],
    );

    for (const a of assets) {
      world.model.insurance.push(chain.tokenAmount(a.bank.vaults.insurance));
      world.model.feeVault.push(chain.tokenAmount(a.bank.vaults.fee));
      world.model.feeWallet.push(chain.tokenAmount(a.feeWalletTokens));
      world.model.offBooks.push(i80f48.ZERO);
      world.model.excess.push(vaultExcess(world, a));
      world.model.accrualRounding.push(i80f48.ZERO);
      world.model.lastAccrual.push(world.bank(a).lastUpdate);
    }
    world.model.kaminoRate = kaminoRate(chain, kamino);
    world.model.poolInvariants = pools.map((pool) => invariantOf(chain, pool));
    for (const mint of world.mints()) world.model.supply.set(mint.toBase58(), chain.data(mint).readBigUInt64LE(36));
    world.watchedKeys = world.watchList();
    world.born = market.now();
    return world;
  }

  mints(): PublicKey[] {
    return [...this.assets.map((a) => a.bank.mint), this.rewardMint];
  }

  actors(): Actor[] {
    return [...this.users, this.liquidator];
  }

  banks(): TestBank[] {
    return [...this.assets.map((a) => a.bank), this.kamino.bank];
  }

  /** Every account a step can write: a failed step must leave each byte and lamport of them as it was. */
  private watchList(): PublicKey[] {
    return [
      this.group,
      ...this.assets.flatMap((a) => [
        a.bank.key,
        a.bank.oracle!,
        a.bank.vaults.liquidity,
        a.bank.vaults.insurance,
        a.bank.vaults.fee,
        a.adminTokens,
        a.feeWalletTokens,
        ...(a.emissionsVault ? [a.emissionsVault] : []),
      ]),
      this.rewardFunding,
      ...[this.kamino.bank.key, this.kamino.bank.vaults.liquidity, this.kamino.bank.vaults.insurance, this.kamino.bank.vaults.fee],
      ...[
        this.kamino.reserve,
        this.kamino.obligation,
        this.kamino.liquiditySupply,
        this.kamino.collateralMint,
        this.kamino.collateralSupply,
      ],
      ...this.pools.flatMap((p) => [p.addresses.pool, p.addresses.vaultA, p.addresses.vaultB]),
      ...this.actors().flatMap((actor) => [
        actor.user.account,
        liquidationRecordAddress(actor.user.account),
        ...actor.tokens,
        actor.reward,
      ]),
    ];
  }

  /**
   * The actor's new margin account (the old one stays on the ledger, disabled by a bankruptcy) with the liquidator
   * named for its receiverships, watched from now on.
   */
  async reopen(actor: Actor): Promise<void> {
    const account = Keypair.generate();
    const wallet = actor.user.wallet;
    await this.chain.send([this.market.initAccountIx(wallet.publicKey, account.publicKey)], [wallet, account]);
    actor.user = { wallet, account: account.publicKey };
    await this.chain.send(
      [initLiquidationRecordIx(account.publicKey, this.liquidator.user.wallet.publicKey)],
      [this.liquidator.user.wallet],
    );
    this.watchedKeys = this.watchList();
  }

  watched(): PublicKey[] {
    return this.watchedKeys;
  }

  account(actor: Actor): MarginfiAccount {
    return decodeMarginfiAccount(this.chain.data(actor.user.account));
  }

  bank(asset: Asset): Bank {
    return decodeBank(this.chain.data(asset.bank.key));
  }

  risk(actor: Actor, change: RiskChange = {}): Meta[] {
    return riskMetas(this.account(actor), this.banks(), change);
  }

  /** The actor's deposit (side "assets") or debt in the asset, in native units rounded down; zero without a balance. */
  position(actor: Actor, asset: Asset, side: "assets" | "liabilities"): bigint {
    const key = asset.bank.key.toBase58();
    const balance = this.account(actor).lendingAccount.balances.find((b) => b.active !== 0 && b.bankPk === key);
    if (!balance) return 0n;
    const data = this.chain.data(asset.bank.key);
    const f = BankLayout.fields;
    return side === "assets"
      ? i80f48.toIntFloor(i80f48.mul(balance.assetShares, f.assetShareValue.get(data)))
      : i80f48.toIntFloor(i80f48.mul(balance.liabilityShares, f.liabilityShareValue.get(data)));
  }

  /** Assets in the order of `this.assets` in which the actor holds at least one native unit on `side`. */
  held(actor: Actor, side: "assets" | "liabilities"): Asset[] {
    return this.assets.filter((a) => this.position(actor, a, side) > 0n);
  }

  /** Publishes the asset's current spec, stamped now. */
  publishIx(asset: Asset): TransactionInstruction {
    return this.market.oracleUpdateIx(asset.bank.oracle!, asset.spec, this.market.now())!;
  }

  async publish(assets: Asset[]): Promise<void> {
    await this.chain.send(
      assets.map((a) => this.publishIx(a)),
      [this.market.oracleAuthority],
    );
  }

  /**
   * Lands a step's transaction. A failure must change none of the watched accounts (the fee payer's lamports aside,
   * which no watched account is).
   */
  async land(instructions: TransactionInstruction[], signers: Keypair[]): Promise<Landed> {
    return this.landAsIs([...this.reserveRefreshes(instructions), ...instructions], signers);
  }

  /**
   * The refresh of the Kamino reserve when the instructions name it (as a risk account) and carry no market
   * instruction of their own (a Kamino action brings its refreshes, in the order the market wants).
   */
  reserveRefreshes(instructions: readonly TransactionInstruction[]): TransactionInstruction[] {
    const reserve = this.kamino.reserve;
    if (instructions.some((i) => i.programId.equals(MARKET_PROGRAM))) return [];
    if (!instructions.some((i) => i.keys.some((k) => k.pubkey.equals(reserve)))) return [];
    return [refreshReserveIx(this.chain, this.kamino)];
  }

  private async landAsIs(instructions: TransactionInstruction[], signers: Keypair[]): Promise<Landed> {
    const keys = this.watchedKeys;
    // Copies: a failure that wrote into the stored account in place must still show.
    const before = keys.map((k) => {
      const account = this.chain.account(k);
      return account && { lamports: account.lamports, data: Buffer.from(account.data) };
    });
    const landed = await this.chain.land(instructions, signers);
    if (landed.err !== null) {
      keys.forEach((key, i) => {
        const was = before[i] ?? null;
        const now = this.chain.account(key);
        const same = was === null || now === null ? was === now : was.lamports === now.lamports && was.data.equals(now.data);
        if (!same) {
          throw new InvariantViolation("failed transaction changed nothing", `${key.toBase58()} changed in a failed transaction`);
        }
      });
    }
    return landed;
  }
}

const MARKET_PROGRAM = new PublicKey(MARKET_PROGRAM_ID);

async function createGroup(market: TestMarket, chain: Chain): Promise<PublicKey> {
  const group = Keypair.generate();
  await chain.send(
    [
      ix("marginfi_group_initialize", [
        [group.publicKey, true, true],
        [market.admin.publicKey, true, true],
        [FEE_STATE, false, false],
        [SystemProgram.programId, false, false],
      ]),
    ],
    [market.admin, group],
  );
  return group.publicKey;
}
