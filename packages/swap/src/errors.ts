// The two programs' own errors (Anchor numbering from 6000), shared with clients that describe a failure.
import type { ErrorEntry } from "@ballast/anchor";

export const POOL_ERRORS = {
  ZeroAmount: { code: 6000, message: "The amount must be positive" },
  SlippageExceeded: { code: 6001, message: "The amounts are outside the given limits" },
  InsufficientLiquidity: { code: 6002, message: "The pool does not hold enough liquidity" },
  InvalidFee: { code: 6003, message: "The fee must be at most 1000 bps" },
  InvalidAmplification: { code: 6004, message: "A stable pool's amplification must be 1 to 1000000, a constant-product pool's 0" },
  InvalidCurve: { code: 6005, message: "Unknown curve kind" },
  SameMint: { code: 6006, message: "A pool needs two different mints" },
  InitialLiquidityTooSmall: { code: 6007, message: "The first deposit must mint more than the locked minimum of LP tokens" },
  CurveDidNotConverge: { code: 6008, message: "The stable curve did not converge" },
} as const satisfies Record<string, ErrorEntry>;

/** Jupiter v6's error table, names and messages as its IDL has them (6000–6017 in jupiter-cpi, the rest later). */
export const ROUTER_ERRORS = {
  EmptyRoute: { code: 6000, message: "Empty route" },
  SlippageToleranceExceeded: { code: 6001, message: "Slippage tolerance exceeded" },
  InvalidCalculation: { code: 6002, message: "Invalid calculation" },
  MissingPlatformFeeAccount: { code: 6003, message: "Missing platform fee account" },
  InvalidSlippage: { code: 6004, message: "Invalid slippage" },
  NotEnoughPercent: { code: 6005, message: "Not enough percent to 100" },
  InvalidInputIndex: { code: 6006, message: "Token input index is invalid" },
  InvalidOutputIndex: { code: 6007, message: "Token output index is invalid" },
  NotEnoughAccountKeys: { code: 6008, message: "Not Enough Account keys" },
  NonZeroMinimumOutAmountNotSupported: { code: 6009, message: "Non zero minimum out amount not supported" },
  InvalidRoutePlan: { code: 6010, message: "Invalid route plan" },
  InvalidReferralAuthority: { code: 6011, message: "Invalid referral authority" },
  LedgerTokenAccountDoesNotMatch: { code: 6012, message: "Token account doesn't match the ledger" },
  InvalidTokenLedger: { code: 6013, message: "Invalid token ledger" },
  IncorrectTokenProgramID: { code: 6014, message: "Token program ID is invalid" },
  TokenProgramNotProvided: { code: 6015, message: "Token program not provided" },
  SwapNotSupported: { code: 6016, message: "Swap not supported" },
  ExactOutAmountNotMatched: { code: 6017, message: "Exact out amount doesn't match" },
  SourceAndDestinationMintCannotBeTheSame: { code: 6018, message: "Source mint and destination mint cannot the same" },
  InvalidMint: { code: 6019, message: "Invalid mint" },
  InvalidProgramAuthority: { code: 6020, message: "Invalid program authority" },
  InvalidOutputTokenAccount: { code: 6021, message: "Invalid output token account" },
  InvalidFeeWallet: { code: 6022, message: "Invalid fee wallet" },
  InvalidAuthority: { code: 6023, message: "Invalid authority" },
  InsufficientFunds: { code: 6024, message: "Insufficient funds" },
  InvalidTokenAccount: { code: 6025, message: "Invalid token account" },
  BondingCurveAlreadyCompleted: { code: 6026, message: "Bonding curve already completed" },
} as const satisfies Record<string, ErrorEntry>;
