// The local Scope: a program at Kamino Scope's id that owns `OraclePrices` accounts in Scope's exact layout, with its
// `Configuration` at ["conf", feed_name]. Real Scope refreshes each entry from other oracles (refresh_price_list reads
// the source accounts its mappings name); this one has no mappings: we are the local oracle operator and set entries
// directly, so its two instructions are our own and named so.
//
//   create_oracle_prices(feed_name: String)
//     0 admin            signer, writable (pays rent; becomes the configuration's admin)
//     1 configuration    writable: the PDA ["conf", feed_name]
//     2 oracle_prices    writable: created beforehand by the System program, owned here, discriminator zero (Anchor's
//                        `zero`; at 28,712 bytes it is larger than a program may allocate in one call)
//     3 system_program
//   operator_set_prices(feed_name: String, updates: Vec<{index u16, value u64, exp u64, unix_timestamp u64}>)
//     0 admin            signer, the configuration's admin
//     1 configuration    the PDA ["conf", feed_name], naming oracle_prices
//     2 oracle_prices    writable
import { minimumBalanceForRentExemption, type InstructionContext, type Program } from "@ballast/ledger";
import {
  AccountChecks,
  AnchorArgsReader,
  anchorFail,
  anchorProgram,
  checkProgramAccount,
  checkSeeds,
  custom,
  declareAccounts,
  failureFor,
  signer,
  unchecked,
  type Fail,
} from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import { SCOPE_INSTRUCTIONS } from "../instructions.js";
import { SCOPE_PROGRAM_ID } from "../program-ids.js";
import {
  ORACLE_PRICES_ACCOUNT_SIZE,
  ORACLE_PRICES_DISCRIMINATOR,
  SCOPE_CONFIGURATION_ACCOUNT_SIZE,
  SCOPE_CONFIGURATION_DISCRIMINATOR,
  SCOPE_CONFIGURATION_SEED,
  SCOPE_MAX_ENTRIES,
  decodeScopeConfiguration,
  encodeOraclePrices,
  encodeScopeConfigurationInto,
  readDatedPrice,
  writeDatedPrice,
} from "../scope/oracle-prices.js";
import { feedAccount, systemProgram } from "./oracle-accounts.js";

/** The Scope errors this program can fail with, at Scope's own numbers (its ScopeError enum from 6000). */
export const SCOPE_ERRORS = {
  BadTokenNb: { code: 6007, message: "The token index received is out of range" },
  BadTimestamp: { code: 6017, message: "Invalid timestamp" },
} as const;

/** Anchor's checks of a `zero` account, which the shared Anchor table does not list. */
const ZERO_ACCOUNT_ERRORS = {
  AccountDiscriminatorAlreadySet: { code: 3000, message: "The account discriminator was already set on this account" },
  ConstraintRentExempt: { code: 2005, message: "A rent exemption constraint was violated" },
} as const;

const fail: Fail<typeof SCOPE_ERRORS & typeof ZERO_ACCOUNT_ERRORS> = failureFor({ ...SCOPE_ERRORS, ...ZERO_ACCOUNT_ERRORS });

const ZERO_KEY = "11111111111111111111111111111111";
/** Solana's limit on one PDA seed. */
const MAX_SEED_LENGTH = 32;

function configurationSeeds(feedName: string): Uint8Array[] {
  const name = Buffer.from(feedName, "utf8");
  if (name.length > MAX_SEED_LENGTH) anchorFail("ConstraintSeeds", "configuration");
  return [Buffer.from(SCOPE_CONFIGURATION_SEED), name];
}

/** Anchor's `#[account(zero)]`: owned by this program, long enough, rent exempt, and not yet initialised. */
const zeroAccount = (size: number) =>
  custom(
    (account, name, programId) => {
      if (account.account.owner !== programId) anchorFail("AccountOwnedByWrongProgram", name);
      if (account.account.data.length < size) anchorFail("AccountDidNotDeserialize", name);
      if (account.account.data.subarray(0, 8).some((b) => b !== 0)) fail("AccountDiscriminatorAlreadySet", name);
      if (account.account.lamports < minimumBalanceForRentExemption(account.account.data.length)) fail("ConstraintRentExempt", name);
      return {};
    },
    { mut: "load" },
  );

const CreateAccounts = declareAccounts({
  admin: signer({ mut: "load" }),
  configuration: unchecked({ mut: "load" }),
  oraclePrices: zeroAccount(ORACLE_PRICES_ACCOUNT_SIZE),
  systemProgram: systemProgram(),
});

function createOraclePrices(ctx: InstructionContext, checks: AccountChecks, args: ArgsReader): void {
  const { feedName } = decodeArgs(args, SCOPE_INSTRUCTIONS.create_oracle_prices.args);
  const { admin, configuration, oraclePrices } = CreateAccounts.load(ctx).accounts;
  const seeds = configurationSeeds(feedName);
  const bump = checkSeeds(ctx, configuration, seeds);
  const config = checks.initAccount(
    admin,
    configuration,
    SCOPE_CONFIGURATION_ACCOUNT_SIZE,
    Buffer.from(SCOPE_CONFIGURATION_DISCRIMINATOR),
    [...seeds, Uint8Array.of(bump)],
  );
  encodeScopeConfigurationInto(config, {
    admin: admin.key,
    oracleMappings: ZERO_KEY,
    oraclePrices: oraclePrices.key,
    tokensMetadata: ZERO_KEY,
    oracleTwaps: ZERO_KEY,
    adminCached: ZERO_KEY,
    emergencyCouncil: ZERO_KEY,
    resumeAuthority: ZERO_KEY,
  });
  // No mappings account exists here: every entry is set by the operator.
  encodeOraclePrices(ZERO_KEY).copy(oraclePrices.account.data);
}

/** `AccountLoader<Configuration>`: Scope's configuration, decoded once loaded. */
const configurationAccount = () =>
  custom((account, name, programId) => {
    checkProgramAccount(account, name, programId, Buffer.from(SCOPE_CONFIGURATION_DISCRIMINATOR));
    if (account.account.data.length < SCOPE_CONFIGURATION_ACCOUNT_SIZE) anchorFail("AccountDidNotDeserialize", name);
    return { state: decodeScopeConfiguration(account.account.data) };
  });

const SetPricesAccounts = declareAccounts(
  {
    admin: signer(),
    configuration: configurationAccount(),
    oraclePrices: feedAccount(ORACLE_PRICES_DISCRIMINATOR, ORACLE_PRICES_ACCOUNT_SIZE),
  },
  (a) => ({
    configuration: () => {
      if (a.configuration.state.admin !== a.admin.key) anchorFail("ConstraintHasOne", "configuration");
      if (a.configuration.state.oraclePrices !== a.oraclePrices.key) anchorFail("ConstraintHasOne", "configuration");
    },
  }),
);

/** Each instruction's declared accounts, held to the client's instruction table by the tests. */
export const SCOPE_ACCOUNT_SPECS = { create_oracle_prices: CreateAccounts, operator_set_prices: SetPricesAccounts };

function operatorSetPrices(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { feedName, updates } = decodeArgs(args, SCOPE_INSTRUCTIONS.operator_set_prices.args);
  const { configuration, oraclePrices } = SetPricesAccounts.load(ctx).accounts;
  checkSeeds(ctx, configuration, configurationSeeds(feedName));
  const data = oraclePrices.account.data;
  // Every update is checked before the first write, so a refused batch leaves every entry as it was; an entry set twice
  // in one batch is held to its earlier update's time.
  const latest = new Map<number, bigint>();
  const entries = updates.map((update) => {
    if (update.index >= SCOPE_MAX_ENTRIES) fail("BadTokenNb");
    const stored = readDatedPrice(data, update.index);
    const previous = latest.get(update.index) ?? stored.unixTimestamp;
    if (update.unixTimestamp < previous) {
      ctx.log(`Entry ${update.index}: timestamp ${update.unixTimestamp} is older than the stored ${previous}`);
      fail("BadTimestamp");
    }
    latest.set(update.index, update.unixTimestamp);
    return { update, stored };
  });
  for (const { update, stored } of entries) {
    writeDatedPrice(data, update.index, {
      price: { value: update.value, exp: update.exp },
      lastUpdatedSlot: ctx.clock.slot,
      unixTimestamp: update.unixTimestamp,
      genericData: stored.genericData,
    });
  }
}

/** The local Scope, registered at SCOPE_PROGRAM_ID unless another id is given. */
export function scopeProgram(id: string = SCOPE_PROGRAM_ID): Program {
  return anchorProgram(
    id,
    [
      { name: "create_oracle_prices", units: 12_000, run: createOraclePrices },
      { name: "operator_set_prices", units: 6_000, run: operatorSetPrices },
    ],
    { accounts: (ctx) => new AccountChecks(ctx), args: (data) => new AnchorArgsReader(data) },
  );
}
