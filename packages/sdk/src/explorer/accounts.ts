// Account data for the explorer, decoded by the layout its owner program declares: the lending program's, the
// market's, farms', the oracles', the pools' and the stake pool's Anchor layouts (matched by discriminator), the
// oracle decoders, the token programs' Mint and Account, native stake accounts and address lookup tables.
import { decodeAccount, type AccountLayout, type FieldTable } from "@ballast/codec";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, decodeMint, decodeTokenAccount, tokenBaseState } from "@ballast/ledger";
import {
  FARMS_PROGRAM_ID,
  FarmStateLayout,
  FarmsGlobalConfigLayout,
  GlobalConfigLayout,
  KLEND_PROGRAM_ID,
  LendingMarketLayout,
  ObligationLayout,
  ReferrerStateLayout,
  ReferrerTokenStateLayout,
  ReserveLayout,
  UserMetadataLayout,
  UserStateLayout,
} from "@ballast/market";
import {
  ORACLE_ACCOUNT_LAYOUT,
  PYTH_RECEIVER_PROGRAM_ID,
  QUEUE_ACCOUNT_LAYOUT,
  RANDOMNESS_ACCOUNT_LAYOUT,
  SCOPE_PROGRAM_ID,
  STATE_ACCOUNT_LAYOUT,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  decodeOraclePrices,
  decodePriceUpdateV2,
  decodePullFeed,
  decodeReceiverConfig,
  decodeScopeConfiguration,
} from "@ballast/oracles";
import {
  BankLayout,
  BankMetadataLayout,
  FeeStateLayout,
  LiquidationRecordLayout,
  MarginfiAccountLayout,
  MarginfiGroupLayout,
  StakedSettingsLayout,
} from "@ballast/protocol";
import { NATIVE_STAKE_PROGRAM_ID, STAKE_POOL_PROGRAM_ID, StakePoolLayout, decodeStakeAccount } from "@ballast/stake-pool";
import { POOL_PROGRAM_ID, PoolLayout } from "@ballast/swap";
import { AddressLookupTableAccount, AddressLookupTableProgram } from "@solana/web3.js";
import { displayValue, type DisplayValue } from "./values.js";

/** An account's data as its layout reads it. */
export interface DecodedAccountData {
  /** The layout's name: "Bank", "MarginfiAccount", "Reserve", "TokenAccount", … */
  readonly layout: string;
  readonly fields: DisplayValue;
}

/** One kind of account a program owns: its name and a decoder that throws on data of another kind. */
interface AccountKind {
  readonly layout: string;
  readonly decode: (data: Buffer) => unknown;
}

function anchorKind<F extends FieldTable>(layout: AccountLayout<F>): AccountKind {
  return { layout: layout.name, decode: (data) => decodeAccount(layout, data) };
}

const ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;
/** Token-2022's AccountType byte after the base account in extended layouts: 1 mint, 2 account. */
const ACCOUNT_TYPE = { mint: 1, account: 2 } as const;

/** The token programs tell a mint from an account by size, or in Token-2022's extended layout by the AccountType byte. */
function tokenKinds(owner: string): AccountKind[] {
  const isKind = (data: Buffer, kind: "mint" | "account") =>
    data.length === (kind === "mint" ? MINT_SIZE : ACCOUNT_SIZE) ||
    (owner === TOKEN_2022_PROGRAM_ID && data.length > ACCOUNT_SIZE && data.readUInt8(ACCOUNT_SIZE) === ACCOUNT_TYPE[kind]);
  const only = (kind: "mint" | "account", data: Buffer) => {
    if (!isKind(data, kind)) throw new Error(`not a ${kind}`);
    return tokenBaseState(owner, data, kind);
  };
  return [
    { layout: "Mint", decode: (data) => decodeMint(only("mint", data)) },
    { layout: "TokenAccount", decode: (data) => decodeTokenAccount(only("account", data)) },
  ];
}

/** The kinds each program owns, by the program's id. The lending program's id is the deployment's. */
function accountKinds(lendingProgramId: string): ReadonlyMap<string, readonly AccountKind[]> {
  return new Map<string, readonly AccountKind[]>([
    [
      lendingProgramId,
      [
        anchorKind(MarginfiAccountLayout),
        anchorKind(BankLayout),
        anchorKind(MarginfiGroupLayout),
        anchorKind(FeeStateLayout),
        anchorKind(LiquidationRecordLayout),
        anchorKind(StakedSettingsLayout),
        anchorKind(BankMetadataLayout),
      ],
    ],
    [
      KLEND_PROGRAM_ID,
      [
        anchorKind(ReserveLayout),
        anchorKind(ObligationLayout),
        anchorKind(LendingMarketLayout),
        anchorKind(UserMetadataLayout),
        anchorKind(GlobalConfigLayout),
        anchorKind(ReferrerStateLayout),
        anchorKind(ReferrerTokenStateLayout),
      ],
    ],
    [FARMS_PROGRAM_ID, [anchorKind(FarmStateLayout), anchorKind(UserStateLayout), anchorKind(FarmsGlobalConfigLayout)]],
    [
      PYTH_RECEIVER_PROGRAM_ID,
      [
        { layout: "PriceUpdateV2", decode: decodePriceUpdateV2 },
        { layout: "Config", decode: decodeReceiverConfig },
      ],
    ],
    [
      SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
      [
        { layout: "PullFeedAccountData", decode: decodePullFeed },
        anchorKind(QUEUE_ACCOUNT_LAYOUT),
        anchorKind(ORACLE_ACCOUNT_LAYOUT),
        anchorKind(RANDOMNESS_ACCOUNT_LAYOUT),
        anchorKind(STATE_ACCOUNT_LAYOUT),
      ],
    ],
    [
      SCOPE_PROGRAM_ID,
      [
        { layout: "OraclePrices", decode: decodeOraclePrices },
        { layout: "Configuration", decode: decodeScopeConfiguration },
      ],
    ],
    [POOL_PROGRAM_ID, [anchorKind(PoolLayout)]],
    [STAKE_POOL_PROGRAM_ID, [anchorKind(StakePoolLayout)]],
    [NATIVE_STAKE_PROGRAM_ID, [{ layout: "StakeAccount", decode: decodeStakeAccount }]],
    [TOKEN_PROGRAM_ID, tokenKinds(TOKEN_PROGRAM_ID)],
    [TOKEN_2022_PROGRAM_ID, tokenKinds(TOKEN_2022_PROGRAM_ID)],
    [
      AddressLookupTableProgram.programId.toBase58(),
      [{ layout: "AddressLookupTable", decode: (data) => AddressLookupTableAccount.deserialize(data) }],
    ],
  ]);
}

export type AccountDataDecoder = (owner: string, data: Buffer) => DecodedAccountData | null;

/** A decoder of account data by owner; null for data no layout of its owner reads (or an owner it does not know). */
export function accountDataDecoder(lendingProgramId: string): AccountDataDecoder {
  const kinds = accountKinds(lendingProgramId);
  return (owner, data) => {
    for (const kind of kinds.get(owner) ?? []) {
      let value: unknown;
      try {
        value = kind.decode(data);
      } catch {
        continue;
      }
      return { layout: kind.layout, fields: displayValue(value) };
    }
    return null;
  };
}
