// What the sandbox builds: its tokens (with starting prices, volatilities and oracle kinds), the risk profile of
// each asset class, and the six lending markets with their banks, liquidity, e-mode, emissions and limits. Only data
// lives here; seed.ts turns it into chain state.
import { AssetTag } from "@ballast/protocol";

export const TOKEN_CATEGORIES = ["Stablecoins", "SOL / LST", "Bitcoin", "Governance", "Blue Chip", "Memes", "Other"] as const;
export type TokenCategory = (typeof TOKEN_CATEGORIES)[number];

export type OracleKind = "pyth" | "switchboard";

export interface TokenSpec {
  readonly symbol: string;
  readonly name: string;
  readonly category: TokenCategory;
  readonly decimals: number;
  /** Starting USD price per whole token, a decimal string. */
  readonly price: string;
  readonly oracle: OracleKind;
  /** Pyth price exponent; -8 unless the price needs finer units. */
  readonly exponent?: number;
  /** Daily volatility of the price walk, as a fraction (0.04 = 4% a day). */
  readonly dailyVolatility: number;
  /** Pyth conf / Switchboard std_dev as a fraction of the price. */
  readonly confidence: number;
  /**
   * Tokens of one family move along one random walk, so their prices keep their starting ratio: liquid staking
   * tokens follow SOL times their exchange rate, the two bitcoins track each other.
   */
  readonly family: string;
  /** SOL itself: the bank holds wrapped SOL of the native mint. */
  readonly native?: boolean;
  /**
   * A liquid staking token's staking yield (APY, a decimal string): its exchange rate to SOL, and so its price over
   * SOL's, grows by this much a year from the seeding, as a real LST's stake-pool rate does.
   */
  readonly stakingApy?: string;
}

const SOL_PRICE = "172.40";

/**
 * Every token of the sandbox, in display order. LST prices start at SOL × exchange rate (1.2480, 1.3150, 1.2790,
 * 1.3420), and the rates grow at the LSTs' staking yields (7.2%, 6.9%, 6.4%, 7.6% a year).
 */
export const TOKENS: readonly TokenSpec[] = [
  {
    symbol: "USDC",
    name: "USD Coin",
    category: "Stablecoins",
    decimals: 6,
    price: "1.0000",
    oracle: "pyth",
    dailyVolatility: 0.001,
    confidence: 0.0002,
    family: "USDC",
  },
  {
    symbol: "USDT",
    name: "Tether USD",
    category: "Stablecoins",
    decimals: 6,
    price: "1.0002",
    oracle: "pyth",
    dailyVolatility: 0.001,
    confidence: 0.0002,
    family: "USDT",
  },
  {
    symbol: "PYUSD",
    name: "PayPal USD",
    category: "Stablecoins",
    decimals: 6,
    price: "0.9998",
    oracle: "switchboard",
    dailyVolatility: 0.001,
    confidence: 0.0003,
    family: "PYUSD",
  },
  {
    symbol: "SOL",
    name: "Wrapped SOL",
    category: "SOL / LST",
    decimals: 9,
    price: SOL_PRICE,
    oracle: "pyth",
    dailyVolatility: 0.04,
    confidence: 0.0005,
    family: "SOL",
    native: true,
  },
  {
    symbol: "JitoSOL",
    name: "Jito Staked SOL",
    category: "SOL / LST",
    decimals: 9,
    price: "215.1552",
    oracle: "pyth",
    dailyVolatility: 0.04,
    confidence: 0.0006,
    family: "SOL",
    stakingApy: "0.072",
  },
  {
    symbol: "mSOL",
    name: "Marinade Staked SOL",
    category: "SOL / LST",
    decimals: 9,
    price: "226.7060",
    oracle: "switchboard",
    dailyVolatility: 0.04,
    confidence: 0.0006,
    family: "SOL",
    stakingApy: "0.069",
  },
  {
    symbol: "bSOL",
    name: "BlazeStake Staked SOL",
    category: "SOL / LST",
    decimals: 9,
    price: "220.4996",
    oracle: "pyth",
    dailyVolatility: 0.04,
    confidence: 0.0008,
    family: "SOL",
    stakingApy: "0.064",
  },
  {
    symbol: "INF",
    name: "Infinity",
    category: "SOL / LST",
    decimals: 9,
    price: "231.3608",
    oracle: "switchboard",
    dailyVolatility: 0.04,
    confidence: 0.0008,
    family: "SOL",
    stakingApy: "0.076",
  },
  {
    symbol: "wBTC",
    name: "Wrapped Bitcoin (Portal)",
    category: "Bitcoin",
    decimals: 8,
    price: "97250.00",
    oracle: "pyth",
    dailyVolatility: 0.03,
    confidence: 0.0004,
    family: "BTC",
  },
  {
    symbol: "cbBTC",
    name: "Coinbase Wrapped BTC",
    category: "Bitcoin",
    decimals: 8,
    price: "97180.00",
    oracle: "pyth",
    dailyVolatility: 0.03,
    confidence: 0.0004,
    family: "BTC",
  },
  {
    symbol: "JUP",
    name: "Jupiter",
    category: "Governance",
    decimals: 6,
    price: "0.8650",
    oracle: "pyth",
    dailyVolatility: 0.06,
    confidence: 0.001,
    family: "JUP",
  },
  {
    symbol: "JTO",
    name: "Jito",
    category: "Governance",
    decimals: 9,
    price: "2.4200",
    oracle: "pyth",
    dailyVolatility: 0.06,
    confidence: 0.001,
    family: "JTO",
  },
  {
    symbol: "ETH",
    name: "Ether (Portal)",
    category: "Blue Chip",
    decimals: 8,
    price: "3380.00",
    oracle: "pyth",
    dailyVolatility: 0.035,
    confidence: 0.0005,
    family: "ETH",
  },
  {
    symbol: "BONK",
    name: "Bonk",
    category: "Memes",
    decimals: 5,
    price: "0.0000245",
    oracle: "pyth",
    exponent: -12,
    dailyVolatility: 0.1,
    confidence: 0.002,
    family: "BONK",
  },
  {
    symbol: "WIF",
    name: "dogwifhat",
    category: "Memes",
    decimals: 6,
    price: "1.8200",
    oracle: "switchboard",
    dailyVolatility: 0.1,
    confidence: 0.002,
    family: "WIF",
  },
  {
    symbol: "PYTH",
    name: "Pyth Network",
    category: "Other",
    decimals: 6,
    price: "0.3150",
    oracle: "pyth",
    dailyVolatility: 0.06,
    confidence: 0.001,
    family: "PYTH",
  },
  {
    symbol: "RENDER",
    name: "Render",
    category: "Other",
    decimals: 8,
    price: "6.8500",
    oracle: "switchboard",
    dailyVolatility: 0.06,
    confidence: 0.001,
    family: "RENDER",
  },
];

/** An interest curve: rates are APRs and utilizations fractions, both in basis points. */
export interface CurveSpec {
  readonly zeroBps: number;
  readonly points: readonly (readonly [utilBps: number, rateBps: number])[];
  readonly hundredBps: number;
}

/** Bank fees; I80F48 decimals (fractions of the interest, or APRs). */
export interface FeeSpec {
  readonly insuranceFeeFixedApr: string;
  readonly insuranceIrFee: string;
  readonly protocolFixedFeeApr: string;
  readonly protocolIrFee: string;
  readonly protocolOriginationFee: string;
}

export interface RiskProfile {
  readonly assetWeightInit: string;
  readonly assetWeightMaint: string;
  readonly liabilityWeightInit: string;
  readonly liabilityWeightMaint: string;
  readonly curve: CurveSpec;
  readonly fees: FeeSpec;
  readonly isolated: boolean;
  readonly assetTag: number;
  /** Seconds. */
  readonly oracleMaxAge: number;
}

const STANDARD_FEES: FeeSpec = {
  insuranceFeeFixedApr: "0",
  insuranceIrFee: "0.02",
  protocolFixedFeeApr: "0.005",
  protocolIrFee: "0.08",
  protocolOriginationFee: "0",
};
const VOLATILE_FEES: FeeSpec = { ...STANDARD_FEES, insuranceIrFee: "0.05", protocolIrFee: "0.1", protocolOriginationFee: "0.001" };

const profile = (
  weights: [string, string, string, string],
  curve: CurveSpec,
  fees: FeeSpec,
  extra: Partial<RiskProfile> = {},
): RiskProfile => ({
  assetWeightInit: weights[0],
  assetWeightMaint: weights[1],
  liabilityWeightInit: weights[2],
  liabilityWeightMaint: weights[3],
  curve,
  fees,
  isolated: false,
  assetTag: AssetTag.Default,
  oracleMaxAge: 60,
  ...extra,
});

/** Risk profile of each token in the main market; arena banks start from it. */
export const RISK_PROFILES: Readonly<Record<string, RiskProfile>> = (() => {
  const stable = profile(
    ["0.9", "0.95", "1.1", "1.05"],
    {
      zeroBps: 0,
      points: [
        [8000, 800],
        [9000, 1500],
      ],
      hundredBps: 15000,
    },
    STANDARD_FEES,
  );
  const sol = profile(
    ["0.8", "0.9", "1.25", "1.1"],
    {
      zeroBps: 0,
      points: [
        [7500, 600],
        [9000, 1200],
      ],
      hundredBps: 15000,
    },
    STANDARD_FEES,
    { assetTag: AssetTag.Sol },
  );
  const lst = profile(
    ["0.75", "0.85", "1.3", "1.15"],
    {
      zeroBps: 0,
      points: [
        [6000, 300],
        [8000, 600],
      ],
      hundredBps: 10000,
    },
    STANDARD_FEES,
    { assetTag: AssetTag.Sol },
  );
  const btc = profile(
    ["0.75", "0.85", "1.25", "1.1"],
    {
      zeroBps: 0,
      points: [
        [5000, 200],
        [8000, 500],
      ],
      hundredBps: 10000,
    },
    STANDARD_FEES,
  );
  const governance = profile(
    ["0.5", "0.65", "1.5", "1.25"],
    {
      zeroBps: 0,
      points: [
        [5000, 1000],
        [8000, 2000],
      ],
      hundredBps: 20000,
    },
    VOLATILE_FEES,
  );
  const meme = profile(
    ["0.3", "0.45", "1.75", "1.5"],
    {
      zeroBps: 100,
      points: [
        [5000, 1500],
        [7500, 3000],
      ],
      hundredBps: 30000,
    },
    VOLATILE_FEES,
  );
  return {
    USDC: stable,
    USDT: stable,
    PYUSD: stable,
    SOL: sol,
    JitoSOL: lst,
    mSOL: lst,
    bSOL: { ...lst, assetWeightInit: "0.65", assetWeightMaint: "0.8" },
    INF: lst,
    wBTC: btc,
    cbBTC: btc,
    JUP: governance,
    JTO: governance,
    ETH: profile(
      ["0.75", "0.85", "1.25", "1.1"],
      {
        zeroBps: 0,
        points: [
          [6000, 400],
          [8500, 1000],
        ],
        hundredBps: 12000,
      },
      STANDARD_FEES,
    ),
    BONK: meme,
    // Isolated: borrowable alone, worth nothing as collateral.
    WIF: { ...meme, assetWeightInit: "0", assetWeightMaint: "0", liabilityWeightInit: "2", liabilityWeightMaint: "1.6", isolated: true },
    PYTH: { ...governance, assetWeightInit: "0.4", assetWeightMaint: "0.55" },
    RENDER: { ...governance, assetWeightInit: "0.4", assetWeightMaint: "0.55" },
  };
})();

/** E-mode tags: SOL, and the two tiers of liquid staking tokens. */
export const EMODE_TAG_SOL = 501;
export const EMODE_TAG_LST_T1 = 1571;
export const EMODE_TAG_LST_T2 = 1572;

export interface EmodeEntrySpec {
  readonly collateralTag: number;
  readonly assetWeightInit: string;
  readonly assetWeightMaint: string;
}

export interface EmissionsSpec {
  /** The reward token's symbol. */
  readonly reward: string;
  readonly lending: boolean;
  readonly borrowing: boolean;
  /** Yearly reward value as a share of the position's value, in basis points at starting prices. */
  readonly aprBps: number;
  /** Reward tokens put in the emissions vault, in whole tokens. */
  readonly budget: bigint;
}

export interface BankSpec {
  readonly symbol: string;
  /** Whole USD the market's suppliers deposit. */
  readonly supplyUsd: bigint;
  /** Borrows as a share of the supply, in basis points (borrowers' extra collateral lowers the final utilization). */
  readonly utilizationBps: number;
  /** Deposit and borrow limits in whole USD at starting prices. */
  readonly depositLimitUsd: bigint;
  readonly borrowLimitUsd: bigint;
  /** Overrides of the token's risk profile. */
  readonly risk?: Partial<RiskProfile>;
  /** Whole USD of deposits valued at the Initial weight before the weight is scaled down; 0 = off. */
  readonly totalAssetValueInitLimitUsd?: bigint;
  /** Ends in reduce-only (operational state 2) once its liquidity is seeded. */
  readonly reduceOnly?: boolean;
  readonly emodeTag?: number;
  readonly emodeEntries?: readonly EmodeEntrySpec[];
  readonly emissions?: EmissionsSpec;
}

/** The reserve's own settings in the Kamino-style market (klend's ReserveConfig terms). */
export interface KaminoReserveSpec {
  readonly loanToValuePct: number;
  readonly liquidationThresholdPct: number;
  /** The share of borrowers' variable interest the market keeps. */
  readonly protocolTakeRatePct: number;
  /** The borrow-rate curve: [utilization, annual borrow rate] in basis points, from 0 to 10,000 utilization. */
  readonly curve: readonly (readonly [number, number])[];
  /** Whole USD at starting prices. */
  readonly depositLimitUsd: bigint;
  readonly borrowLimitUsd: bigint;
  /** The flash-loan fee in millionths of the amount lent (klend charges it on top of the loan, at least one unit). */
  readonly flashLoanFeePpm: bigint;
}

/**
 * A bank whose deposits go on into the Kamino-style market's reserve of the same token: the bank holds the market's
 * collateral tokens, values them through the reserve's exchange rate, and is not borrowable.
 */
export interface KaminoBankSpec {
  readonly symbol: string;
  /** Whole USD deposited through the bank when seeding. */
  readonly supplyUsd: bigint;
  /** Whole USD at starting prices (counted in collateral tokens, 1:1 with tokens at the reserve's start). */
  readonly depositLimitUsd: bigint;
  readonly assetWeightInit: string;
  readonly assetWeightMaint: string;
  readonly reserve: KaminoReserveSpec;
  /** The market's own borrower of the reserve, so that its depositors (the bank among them) earn interest. */
  readonly marketBorrower: {
    /** The token it posts as collateral, in a reserve of its own in the same lending market. */
    readonly collateral: string;
    readonly collateralReserve: KaminoReserveSpec;
    /** Whole USD at starting prices. */
    readonly collateralUsd: bigint;
    readonly borrowUsd: bigint;
  };
}

export interface MarketSpec {
  /** Presentation name. */
  readonly name: string;
  readonly banks: readonly BankSpec[];
  /** Banks backed by the third-party market, added after the market's own banks. */
  readonly kaminoBanks?: readonly KaminoBankSpec[];
}

const M = 1_000_000n;
const K = 1_000n;

const LST_ENTRIES: readonly EmodeEntrySpec[] = [
  { collateralTag: EMODE_TAG_SOL, assetWeightInit: "0.85", assetWeightMaint: "0.9" },
  { collateralTag: EMODE_TAG_LST_T1, assetWeightInit: "0.85", assetWeightMaint: "0.9" },
];

/** The main market first, then the five arenas. */
export const MARKETS: readonly MarketSpec[] = [
  {
    name: "Ballast Main",
    banks: [
      { symbol: "USDC", supplyUsd: 25n * M, utilizationBps: 6800, depositLimitUsd: 150n * M, borrowLimitUsd: 120n * M },
      {
        symbol: "USDT",
        supplyUsd: 12n * M,
        utilizationBps: 6200,
        depositLimitUsd: 80n * M,
        borrowLimitUsd: 60n * M,
        emissions: { reward: "BONK", lending: false, borrowing: true, aprBps: 200, budget: 5_000_000_000n },
      },
      {
        symbol: "PYUSD",
        supplyUsd: 4n * M,
        utilizationBps: 4500,
        depositLimitUsd: 30n * M,
        borrowLimitUsd: 25n * M,
        emissions: { reward: "PYUSD", lending: true, borrowing: false, aprBps: 400, budget: 200_000n },
      },
      {
        symbol: "SOL",
        supplyUsd: 30n * M,
        utilizationBps: 4200,
        depositLimitUsd: 200n * M,
        borrowLimitUsd: 120n * M,
        emodeTag: EMODE_TAG_SOL,
        emodeEntries: [
          { collateralTag: EMODE_TAG_LST_T1, assetWeightInit: "0.9", assetWeightMaint: "0.95" },
          { collateralTag: EMODE_TAG_LST_T2, assetWeightInit: "0.85", assetWeightMaint: "0.9" },
        ],
      },
      {
        symbol: "JitoSOL",
        supplyUsd: 15n * M,
        utilizationBps: 2200,
        depositLimitUsd: 100n * M,
        borrowLimitUsd: 30n * M,
        emodeTag: EMODE_TAG_LST_T1,
        emodeEntries: LST_ENTRIES,
        emissions: { reward: "JTO", lending: true, borrowing: false, aprBps: 150, budget: 50_000n },
      },
      {
        symbol: "mSOL",
        supplyUsd: 8n * M,
        utilizationBps: 2100,
        depositLimitUsd: 60n * M,
        borrowLimitUsd: 20n * M,
        emodeTag: EMODE_TAG_LST_T1,
        emodeEntries: LST_ENTRIES,
      },
      {
        symbol: "bSOL",
        supplyUsd: 2n * M,
        utilizationBps: 2500,
        depositLimitUsd: 10n * M,
        borrowLimitUsd: 4n * M,
        emodeTag: EMODE_TAG_LST_T2,
        emodeEntries: LST_ENTRIES,
        reduceOnly: true,
      },
      {
        symbol: "INF",
        supplyUsd: 5n * M,
        utilizationBps: 2100,
        depositLimitUsd: 40n * M,
        borrowLimitUsd: 10n * M,
        emodeTag: EMODE_TAG_LST_T1,
        emodeEntries: LST_ENTRIES,
      },
      { symbol: "wBTC", supplyUsd: 10n * M, utilizationBps: 2400, depositLimitUsd: 60n * M, borrowLimitUsd: 25n * M },
      { symbol: "cbBTC", supplyUsd: 6n * M, utilizationBps: 2200, depositLimitUsd: 40n * M, borrowLimitUsd: 15n * M },
      { symbol: "JUP", supplyUsd: 3n * M, utilizationBps: 3300, depositLimitUsd: 15n * M, borrowLimitUsd: 6n * M },
      { symbol: "JTO", supplyUsd: 2_500n * K, utilizationBps: 3600, depositLimitUsd: 12n * M, borrowLimitUsd: 5n * M },
      { symbol: "ETH", supplyUsd: 9n * M, utilizationBps: 3800, depositLimitUsd: 50n * M, borrowLimitUsd: 25n * M },
      {
        symbol: "BONK",
        supplyUsd: 1_500n * K,
        utilizationBps: 3500,
        depositLimitUsd: 8n * M,
        borrowLimitUsd: 3n * M,
        totalAssetValueInitLimitUsd: 5n * M,
      },
      { symbol: "WIF", supplyUsd: 1_200n * K, utilizationBps: 2800, depositLimitUsd: 6n * M, borrowLimitUsd: 2n * M },
      { symbol: "PYTH", supplyUsd: 800n * K, utilizationBps: 2700, depositLimitUsd: 4n * M, borrowLimitUsd: 1_500n * K },
      { symbol: "RENDER", supplyUsd: 600n * K, utilizationBps: 3000, depositLimitUsd: 3n * M, borrowLimitUsd: 1_200n * K },
    ],
    kaminoBanks: [
      {
        symbol: "USDC",
        supplyUsd: 1_500n * K,
        depositLimitUsd: 20n * M,
        assetWeightInit: "0.8",
        assetWeightMaint: "0.9",
        reserve: {
          loanToValuePct: 80,
          liquidationThresholdPct: 85,
          protocolTakeRatePct: 10,
          curve: [
            [0, 0],
            [8_000, 800],
            [10_000, 5_000],
          ],
          depositLimitUsd: 200n * M,
          borrowLimitUsd: 150n * M,
          // Kamino's main-market USDC reserve charges 0.001% on flash loans.
          flashLoanFeePpm: 10n,
        },
        marketBorrower: {
          collateral: "ETH",
          collateralReserve: {
            loanToValuePct: 75,
            liquidationThresholdPct: 80,
            protocolTakeRatePct: 10,
            curve: [
              [0, 0],
              [8_000, 400],
              [10_000, 3_000],
            ],
            depositLimitUsd: 100n * M,
            borrowLimitUsd: 50n * M,
            flashLoanFeePpm: 10n,
          },
          collateralUsd: 1_600n * K,
          borrowUsd: 800n * K,
        },
      },
    ],
  },
  {
    name: "Harbor",
    banks: [
      {
        symbol: "BONK",
        supplyUsd: 2_000n * K,
        utilizationBps: 3000,
        depositLimitUsd: 10n * M,
        borrowLimitUsd: 3n * M,
        risk: { assetWeightInit: "0.5", assetWeightMaint: "0.65", liabilityWeightInit: "1.5", liabilityWeightMaint: "1.3" },
        emissions: { reward: "BONK", lending: true, borrowing: false, aprBps: 500, budget: 2_000_000_000n },
      },
      { symbol: "USDC", supplyUsd: 1_500n * K, utilizationBps: 5500, depositLimitUsd: 10n * M, borrowLimitUsd: 8n * M },
    ],
  },
  {
    name: "Keel",
    banks: [
      {
        symbol: "WIF",
        supplyUsd: 1_800n * K,
        utilizationBps: 3000,
        depositLimitUsd: 10n * M,
        borrowLimitUsd: 4n * M,
        risk: {
          assetWeightInit: "0.5",
          assetWeightMaint: "0.65",
          liabilityWeightInit: "1.5",
          liabilityWeightMaint: "1.3",
          isolated: false,
        },
      },
      { symbol: "USDC", supplyUsd: 1_200n * K, utilizationBps: 5000, depositLimitUsd: 10n * M, borrowLimitUsd: 8n * M },
      { symbol: "SOL", supplyUsd: 1_000n * K, utilizationBps: 3500, depositLimitUsd: 10n * M, borrowLimitUsd: 6n * M },
    ],
  },
  {
    name: "Mast",
    banks: [
      { symbol: "SOL", supplyUsd: 2_000n * K, utilizationBps: 3000, depositLimitUsd: 15n * M, borrowLimitUsd: 8n * M },
      {
        symbol: "JUP",
        supplyUsd: 2_500n * K,
        utilizationBps: 3500,
        depositLimitUsd: 8n * M,
        borrowLimitUsd: 3n * M,
        risk: { assetWeightInit: "0.55", assetWeightMaint: "0.7" },
      },
    ],
  },
  {
    name: "Anchorage",
    banks: [
      { symbol: "JitoSOL", supplyUsd: 3_000n * K, utilizationBps: 2500, depositLimitUsd: 20n * M, borrowLimitUsd: 6n * M },
      { symbol: "SOL", supplyUsd: 3_000n * K, utilizationBps: 4500, depositLimitUsd: 20n * M, borrowLimitUsd: 12n * M },
      { symbol: "USDC", supplyUsd: 2_000n * K, utilizationBps: 6000, depositLimitUsd: 15n * M, borrowLimitUsd: 12n * M },
    ],
  },
  {
    name: "Breakwater",
    banks: [
      {
        symbol: "JTO",
        supplyUsd: 1_200n * K,
        utilizationBps: 3000,
        depositLimitUsd: 6n * M,
        borrowLimitUsd: 2n * M,
        risk: { assetWeightInit: "0.55", assetWeightMaint: "0.7" },
      },
      { symbol: "USDC", supplyUsd: 1_000n * K, utilizationBps: 5000, depositLimitUsd: 8n * M, borrowLimitUsd: 6n * M },
    ],
  },
];

export function tokenSpec(symbol: string): TokenSpec {
  const token = TOKENS.find((t) => t.symbol === symbol);
  if (!token) throw new Error(`the sandbox has no token ${symbol}`);
  return token;
}

/** A pool of the swap venue: the token against SOL or USDC, on the curve its pair calls for. */
export interface VenuePoolSpec {
  readonly symbol: string;
  readonly quote: "SOL" | "USDC";
  /** Pegged pairs (LSTs/SOL, stablecoins/USDC) trade on the stable-swap curve, the rest on constant product. */
  readonly curve: "stable" | "constant-product";
  readonly feeBps: number;
  /** The stable curve's A (Curve's convention); absent for constant product. */
  readonly amplification?: bigint;
  /** Whole USD of both reserves together at starting prices. */
  readonly depthUsd: bigint;
}

/**
 * The venue's pools, one per bank token (USDC's is SOL/USDC). Depth follows what the markets lend and what loops need:
 * - SOL/USDC $30M and LSTs/SOL $2–16M (deep): loops of JitoSOL against SOL and SOL collateral repaying USDC debts swap
 *   millions through them; JitoSOL/SOL is deepest (the largest LST bank), bSOL thinnest (its bank is reduce-only).
 * - Stablecoins/USDC $4–20M (deep, A = 200): near-free swaps between dollars, as on mainnet.
 * - Majors (bitcoins, ETH) $4–8M, JUP, JTO, PYTH, RENDER $1–2M (medium): a $100k swap costs 2.5 % (ETH) to 17 %
 *   (PYTH) in price impact.
 * - Memes $400–500k against SOL (thin): a $25k swap costs BONK or WIF ~10 % in price impact, so the warnings show.
 * The LSTs' pools sit off the curve's peg at their exchange rates (1.25–1.34 SOL), which the pool program knows
 * nothing of, so their A is a low 5: the rate is held by a ~30/70 split, and trades near it stay flatter than x·y = k.
 */
export const VENUE_POOLS: readonly VenuePoolSpec[] = [
  { symbol: "SOL", quote: "USDC", curve: "constant-product", feeBps: 5, depthUsd: 30n * M },
  { symbol: "USDT", quote: "USDC", curve: "stable", feeBps: 1, amplification: 200n, depthUsd: 20n * M },
  { symbol: "PYUSD", quote: "USDC", curve: "stable", feeBps: 1, amplification: 200n, depthUsd: 4n * M },
  { symbol: "JitoSOL", quote: "SOL", curve: "stable", feeBps: 1, amplification: 5n, depthUsd: 16n * M },
  { symbol: "mSOL", quote: "SOL", curve: "stable", feeBps: 1, amplification: 5n, depthUsd: 8n * M },
  { symbol: "bSOL", quote: "SOL", curve: "stable", feeBps: 1, amplification: 5n, depthUsd: 2n * M },
  { symbol: "INF", quote: "SOL", curve: "stable", feeBps: 1, amplification: 5n, depthUsd: 5n * M },
  { symbol: "wBTC", quote: "USDC", curve: "constant-product", feeBps: 30, depthUsd: 8n * M },
  { symbol: "cbBTC", quote: "USDC", curve: "constant-product", feeBps: 30, depthUsd: 4n * M },
  { symbol: "ETH", quote: "USDC", curve: "constant-product", feeBps: 30, depthUsd: 8n * M },
  { symbol: "JUP", quote: "USDC", curve: "constant-product", feeBps: 30, depthUsd: 2n * M },
  { symbol: "JTO", quote: "USDC", curve: "constant-product", feeBps: 30, depthUsd: 2n * M },
  { symbol: "PYTH", quote: "USDC", curve: "constant-product", feeBps: 30, depthUsd: 1n * M },
  { symbol: "RENDER", quote: "USDC", curve: "constant-product", feeBps: 30, depthUsd: 1n * M },
  { symbol: "BONK", quote: "SOL", curve: "constant-product", feeBps: 100, depthUsd: 500n * K },
  { symbol: "WIF", quote: "SOL", curve: "constant-product", feeBps: 100, depthUsd: 400n * K },
];
