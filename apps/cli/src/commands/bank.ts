// `ballast bank …`: add banks from a config file (plain or over a market reserve), show and list them, and every
// admin change the program offers: full configuration, oracle, fixed price, e-mode, limits, curve, fee and
// insurance withdrawals, fee collection and closing.
import type { Command } from "commander";
import { ComputeBudgetProgram, Keypair, PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { decodeObligation, decodeReserve, lendingMarketAuthority, userMetadataAddress } from "@ballast/market";
import { BankOperationalState, OracleSetup, RiskTier, AssetTag, decodeBank } from "@ballast/protocol";
import {
  addBankInstruction,
  addBankKaminoInstruction,
  addBankWithSeedInstruction,
  associatedTokenAddress,
  bankAddressWithSeed,
  bankVaultAuthorityAddress,
  closeBankInstruction,
  collectBankFeesInstruction,
  configureBankEmodeInstruction,
  configureBankInstruction,
  configureBankInterestInstruction,
  configureBankLimitsInstruction,
  configureBankOracleInstruction,
  createAssociatedTokenAccountInstruction,
  fetchGroupBanks,
  kaminoBankKeys,
  kaminoInitObligationInstruction,
  setFixedOraclePriceInstruction,
  withdrawFeesInstruction,
  withdrawInsuranceInstruction,
  type BankConfigChanges,
  type EmodeEntryParams,
  type InterestRateChanges,
} from "@ballast/sdk";
import {
  ASSET_TAGS,
  OPERATIONAL_STATES,
  ORACLE_SETUPS,
  RISK_TIERS,
  readBankFile,
  readKaminoBankFile,
  type BankOracle,
} from "../bank-config.js";
import type { CliContext } from "../context.js";
import { readsOnly, writes } from "../describe.js";
import { InputError } from "../errors.js";
import { parseApr, parseBoolean, parseChoice, parseDecimal, parsePubkey, parseU16, parseU64, parseU8, parseUtilization } from "../parse.js";
import { bankReading, fetchBankAccount, fetchFeeState, fetchGroupAccount, reader, accountData } from "../readings.js";
import { send, sendAndReport } from "../send.js";
import { readKeypairFile, resolvePath } from "../settings.js";

const bankReader = (ctx: CliContext, bank: PublicKey) => reader(ctx, bank, decodeBank, bankReading);

/** --bank, required by every command on one bank. */
function bankFlag(options: { bank?: string }): PublicKey {
  if (options.bank === undefined) throw new InputError("--bank: required (the bank's address)");
  return parsePubkey("--bank", options.bank);
}

/** The token program that owns the mint (SPL Token or Token-2022). */
async function mintTokenProgram(ctx: CliContext, mint: PublicKey, field: string): Promise<PublicKey> {
  const info = await ctx.connection.getAccountInfo(mint, ctx.commitment);
  if (info === null) throw new InputError(`${field}: mint ${mint.toBase58()} not found on ${ctx.rpcUrl}`);
  return info.owner;
}

/** The instruction that prices the bank: an oracle setup with its accounts, or a fixed price. */
function oracleInstruction(ctx: CliContext, group: PublicKey, bank: PublicKey, oracle: BankOracle): TransactionInstruction {
  const common = { programId: ctx.programId, group, admin: ctx.authority(), bank };
  if (oracle.kind === "fixed") return setFixedOraclePriceInstruction({ ...common, price: oracle.price });
  const [feed] = oracle.keys;
  if (feed === undefined) throw new InputError("oracle.keys: required");
  return configureBankOracleInstruction({ ...common, setup: oracle.setup, oracle: feed, oracleAccounts: oracle.keys });
}

function emodeInstruction(
  ctx: CliContext,
  group: PublicKey,
  bank: PublicKey,
  tag: number,
  entries: readonly EmodeEntryParams[],
): TransactionInstruction {
  return configureBankEmodeInstruction({ programId: ctx.programId, group, emodeAdmin: ctx.authority(), bank, emodeTag: tag, entries });
}

/** `TAG:INIT:MAINT[:FLAGS]`, e.g. 501:0.9:0.95. */
function emodeEntry(value: string): EmodeEntryParams {
  const parts = value.split(":");
  if (parts.length < 3 || parts.length > 4) throw new InputError(`--entry: expected TAG:INIT_WEIGHT:MAINT_WEIGHT[:FLAGS], got "${value}"`);
  const [tag, init, maint, flags] = parts;
  return {
    collateralBankEmodeTag: parseU16("--entry tag", tag),
    assetWeightInit: parseDecimal("--entry init weight", init, { min: "0", max: "100" }),
    assetWeightMaint: parseDecimal("--entry maint weight", maint, { min: "0", max: "100" }),
    flags: flags === undefined ? 0 : parseU8("--entry flags", flags),
  };
}

/** `UTIL:RATE`, fractions, e.g. 0.8:0.12 (80% utilization, 12% APR). */
function ratePoint(value: string): { util: number; rate: number } {
  const [util, rate, ...rest] = value.split(":");
  if (util === undefined || rate === undefined || rest.length > 0)
    throw new InputError(`--point: expected UTIL:RATE as fractions (e.g. 0.8:0.12), got "${value}"`);
  return { util: parseUtilization("--point utilization", util), rate: parseApr("--point rate", rate) };
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

interface CurveOptions {
  zeroUtilRate?: string;
  hundredUtilRate?: string;
  point?: string[];
  insuranceFeeFixedApr?: string;
  insuranceIrFee?: string;
  protocolFixedFeeApr?: string;
  protocolIrFee?: string;
  protocolOriginationFee?: string;
}

function curveOptions(command: Command): Command {
  return command
    .option("--zero-util-rate <APR>", "rate at 0% utilization, an APR fraction (0.01 = 1%)")
    .option("--hundred-util-rate <APR>", "rate at 100% utilization, an APR fraction")
    .option("--point <UTIL:RATE>", "a kink of the curve, fractions (repeat, ascending; replaces all points)", collect)
    .option("--insurance-fee-fixed-apr <APR>", "fixed insurance fee")
    .option("--insurance-ir-fee <FRACTION>", "insurance fee as a fraction of interest")
    .option("--protocol-fixed-fee-apr <APR>", "fixed group fee")
    .option("--protocol-ir-fee <FRACTION>", "group fee as a fraction of interest")
    .option("--protocol-origination-fee <FRACTION>", "fee on each borrow");
}

function curveChanges(o: CurveOptions): InterestRateChanges {
  const fee = (flag: string, value: string | undefined) =>
    value === undefined ? undefined : parseDecimal(flag, value, { min: "0", max: "10" });
  const changes: InterestRateChanges = {
    zeroUtilRate: o.zeroUtilRate === undefined ? undefined : parseApr("--zero-util-rate", o.zeroUtilRate),
    hundredUtilRate: o.hundredUtilRate === undefined ? undefined : parseApr("--hundred-util-rate", o.hundredUtilRate),
    points: o.point?.map(ratePoint),
    insuranceFeeFixedApr: fee("--insurance-fee-fixed-apr", o.insuranceFeeFixedApr),
    insuranceIrFee: fee("--insurance-ir-fee", o.insuranceIrFee),
    protocolFixedFeeApr: fee("--protocol-fixed-fee-apr", o.protocolFixedFeeApr),
    protocolIrFee: fee("--protocol-ir-fee", o.protocolIrFee),
    protocolOriginationFee: fee("--protocol-origination-fee", o.protocolOriginationFee),
  };
  if (changes.points !== undefined && changes.points.length > 5)
    throw new InputError(`--point: at most 5 points, got ${changes.points.length}`);
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}

interface LimitOptions {
  depositLimit?: string;
  borrowLimit?: string;
  totalAssetValueInitLimit?: string;
}

function limitOptions(command: Command): Command {
  return command
    .option("--deposit-limit <NATIVE>", 'most native units the bank may hold ("max" = unlimited)')
    .option("--borrow-limit <NATIVE>", 'most native units it may lend ("max" = unlimited)')
    .option("--total-asset-value-init-limit <USD>", "whole USD of deposits counted at full initial weight (0 = off)");
}

function limitChanges(o: LimitOptions) {
  return {
    depositLimit: o.depositLimit === undefined ? undefined : parseU64("--deposit-limit", o.depositLimit),
    borrowLimit: o.borrowLimit === undefined ? undefined : parseU64("--borrow-limit", o.borrowLimit),
    totalAssetValueInitLimit:
      o.totalAssetValueInitLimit === undefined ? undefined : parseU64("--total-asset-value-init-limit", o.totalAssetValueInitLimit),
  };
}

/** A destination token account of the bank's mint: the flag's, else the authority's associated account (created if missing). */
async function destination(
  ctx: CliContext,
  mint: PublicKey,
  flag: string | undefined,
): Promise<{ account: PublicKey; create: TransactionInstruction[] }> {
  const tokenProgram = await mintTokenProgram(ctx, mint, "bank mint");
  if (flag !== undefined) return { account: parsePubkey("--destination", flag), create: [] };
  const owner = ctx.authority();
  return {
    account: associatedTokenAddress(mint, owner, tokenProgram),
    create: [createAssociatedTokenAccountInstruction({ owner, mint, tokenProgram })],
  };
}

export function registerBankCommands(program: Command, ctx: CliContext): void {
  const bank = program.command("bank").description("Banks of the group (--group): add, show, configure, fees, close");

  bank
    .command("add")
    .description(
      writes(
        "Add a bank from a JSON or YAML config file (mint, oracle, weights, limits, curve, tier, asset tag, e-mode); signed by the group admin (e-mode by the e-mode admin)",
        "creates the bank and its vaults, sets its oracle or fixed price, and its e-mode when the file has one; the admin pays rent and the fee state's bank fee",
      ),
    )
    .requiredOption("--config <FILE>", "the bank's config file (.json, or YAML otherwise); see the README for its fields")
    .option("--bank-keypair <PATH>", "keypair file for the bank's address (default: a new keypair; ignored when the file has a seed)")
    .action(async (options: { config: string; bankKeypair?: string }) => {
      const file = readBankFile(resolvePath(options.config, ctx.io.cwd, ctx.io.home));
      const group = ctx.group();
      await fetchGroupAccount(ctx, group);
      const feeState = await fetchFeeState(ctx);
      const tokenProgram = await mintTokenProgram(ctx, file.mint, "mint");
      const common = {
        programId: ctx.programId,
        group,
        admin: ctx.authority(),
        globalFeeWallet: new PublicKey(feeState.globalFeeWallet),
        bankMint: file.mint,
        config: file.config,
        tokenProgram,
      };
      let address: PublicKey;
      let create: TransactionInstruction;
      const signers: Keypair[] = [];
      if (file.seed !== undefined) {
        address = bankAddressWithSeed(group, file.mint, file.seed, ctx.programId);
        create = addBankWithSeedInstruction({ ...common, bankSeed: file.seed });
      } else {
        const keypair =
          options.bankKeypair === undefined
            ? Keypair.generate()
            : readKeypairFile(resolvePath(options.bankKeypair, ctx.io.cwd, ctx.io.home), "--bank-keypair");
        address = keypair.publicKey;
        signers.push(keypair);
        create = addBankInstruction({ ...common, bank: address });
      }
      if ((await accountData(ctx, address)) !== null) throw new InputError(`bank ${address.toBase58()} already exists`);
      const read = async () => {
        const reading = await bankReader(ctx, address)();
        return reading === null ? null : { bank: address, ...reading };
      };
      // The e-mode entries do not fit beside add_bank's accounts in one transaction: a second one sets them.
      const outcome = await sendAndReport(
        ctx,
        { instructions: [create, oracleInstruction(ctx, group, address, file.oracle)], signers },
        read,
      );
      if (file.emode !== undefined) {
        const emode = emodeInstruction(ctx, group, address, file.emode.tag, file.emode.entries);
        if (outcome.mode === "send") await sendAndReport(ctx, { instructions: [emode] }, read);
        else if (ctx.mode === "multisig") await send(ctx, { instructions: [emode] });
        else ctx.note("dry run: the e-mode transaction follows the bank's creation and is not simulated");
      }
    });

  bank
    .command("add-kamino")
    .description(
      writes(
        "Add a bank over a Kamino-style market reserve from a JSON or YAML config file (mint, reserve, oracle, weights, deposit limit); signed by the group admin",
        "creates the bank (the PDA of group, mint and seed) and its vaults over the reserve",
      ),
    )
    .requiredOption("--config <FILE>", "the bank's config file (.json, or YAML otherwise)")
    .action(async (options: { config: string }) => {
      const file = readKaminoBankFile(resolvePath(options.config, ctx.io.cwd, ctx.io.home));
      const group = ctx.group();
      await fetchGroupAccount(ctx, group);
      const reserveData = await accountData(ctx, file.reserve);
      if (reserveData === null) throw new InputError(`reserve: ${file.reserve.toBase58()} not found on ${ctx.rpcUrl}`);
      let lendingMarket: PublicKey;
      try {
        const reserve = decodeReserve(reserveData);
        lendingMarket = new PublicKey(reserve.lendingMarket);
        if (reserve.liquidity.mintPubkey !== file.mint.toBase58()) {
          throw new InputError(`mint: the reserve lends ${reserve.liquidity.mintPubkey}, not ${file.mint.toBase58()}`);
        }
      } catch (error) {
        if (error instanceof InputError) throw error;
        throw new InputError(`reserve: ${file.reserve.toBase58()} is not a market reserve`);
      }
      const address = bankAddressWithSeed(group, file.mint, file.seed, ctx.programId);
      if ((await accountData(ctx, address)) !== null)
        throw new InputError(`bank ${address.toBase58()} already exists (choose another seed)`);
      const tokenProgram = await mintTokenProgram(ctx, file.mint, "mint");
      await sendAndReport(
        ctx,
        {
          instructions: [
            addBankKaminoInstruction({
              programId: ctx.programId,
              group,
              admin: ctx.authority(),
              bankMint: file.mint,
              bankSeed: file.seed,
              reserve: file.reserve,
              lendingMarket,
              config: file.config,
              tokenProgram,
            }),
          ],
        },
        async () => {
          const reading = await bankReader(ctx, address)();
          return reading === null ? null : { bank: address, ...reading };
        },
      );
    });

  bank
    .command("kamino-init-obligation")
    .description(
      writes(
        "Open a Kamino bank's obligation in its market with a first deposit from the signer (anyone may; at least 10 native units, which belong to no one); the reserve's oracle must be fresh",
        "creates the bank's user metadata and obligation in the market (and its stake in the reserve's collateral farm, if any) and deposits the amount",
      ),
    )
    .requiredOption("--bank <PUBKEY>", "the Kamino bank")
    .requiredOption("--amount <NATIVE>", "native units of the bank's mint, at least 10")
    .option("--source <TOKEN_ACCOUNT>", "token account of the bank's mint (default: the signer's associated token account)")
    .action(async (o: { bank: string; amount: string; source?: string }) => {
      const address = bankFlag(o);
      const amount = parseU64("--amount", o.amount);
      if (amount < 10n) throw new InputError(`--amount: expected at least 10 native units, got "${o.amount}"`);
      const bankData = await fetchBankAccount(ctx, address);
      if (bankData.config.oracleSetup !== OracleSetup.KaminoPythPush && bankData.config.oracleSetup !== OracleSetup.KaminoSwitchboardPull)
        throw new InputError(`--bank: ${address.toBase58()} is not a Kamino bank`);
      const { reserve: reserveAddress, obligation } = kaminoBankKeys(bankData);
      if ((await accountData(ctx, obligation)) !== null)
        throw new InputError(`--bank: the obligation ${obligation.toBase58()} of ${address.toBase58()} already exists`);
      const reserveData = await accountData(ctx, reserveAddress);
      if (reserveData === null) throw new InputError(`--bank: its reserve ${reserveAddress.toBase58()} is not on ${ctx.rpcUrl}`);
      const reserve = decodeReserve(reserveData);
      const mint = new PublicKey(bankData.mint);
      const tokenProgram = await mintTokenProgram(ctx, mint, "bank mint");
      const source =
        o.source === undefined ? associatedTokenAddress(mint, ctx.authority(), tokenProgram) : parsePubkey("--source", o.source);
      await sendAndReport(
        ctx,
        {
          instructions: [
            // Opening the obligation's farm stake as well takes it past the default 200,000 units.
            ComputeBudgetProgram.setComputeUnitLimit({ units: 400_000 }),
            kaminoInitObligationInstruction({
              programId: ctx.programId,
              bankData,
              reserve,
              lendingMarketAuthority: lendingMarketAuthority(new PublicKey(reserve.lendingMarket)),
              feePayer: ctx.authority(),
              bank: address,
              signerTokenAccount: source,
              amount,
              userMetadata: userMetadataAddress(bankVaultAuthorityAddress(address, "liquidity", ctx.programId)),
            }),
          ],
        },
        reader(ctx, obligation, decodeObligation, (state) => ({
          obligation: obligation.toBase58(),
          owner: state.owner,
          deposits: state.deposits
            .filter((deposit) => deposit.depositedAmount > 0n)
            .map((deposit) => `${deposit.depositReserve}:${deposit.depositedAmount}`)
            .join(", "),
        })),
      );
    });

  bank
    .command("show")
    .description(readsOnly("Show a bank: configuration, oracle, curve, e-mode, flags, shares and outstanding fees"))
    .requiredOption("--bank <PUBKEY>", "the bank")
    .action(async (options: { bank: string }) => {
      const address = bankFlag(options);
      ctx.print({ bank: address, ...bankReading(await fetchBankAccount(ctx, address)) });
    });

  bank
    .command("list")
    .description(readsOnly("List the group's banks (--group)"))
    .action(async () => {
      const group = ctx.group();
      const banks = await fetchGroupBanks(ctx.connection, ctx.programId.toBase58(), group.toBase58());
      ctx.print(
        banks.map(({ address, bank: b }) => {
          const r = bankReading(b);
          return {
            bank: address,
            mint: b.mint,
            state: r.operationalState ?? null,
            tier: r.riskTier ?? null,
            oracle: r.oracle !== null && typeof r.oracle === "object" && "setup" in r.oracle ? (r.oracle.setup ?? null) : null,
            assetWeightInit: r.assetWeightInit ?? null,
            liabilityWeightInit: r.liabilityWeightInit ?? null,
            emodeTag: b.emode.emodeTag,
          };
        }),
      );
    });

  const configure = limitOptions(
    bank
      .command("configure")
      .description(writes("Change a bank's configuration (group admin); settings not given keep their value", "the bank's configuration"))
      .requiredOption("--bank <PUBKEY>", "the bank")
      .option("--asset-weight-init <W>", "initial asset weight, 0 to 1")
      .option("--asset-weight-maint <W>", "maintenance asset weight, 0 to 1")
      .option("--liability-weight-init <W>", "initial liability weight, at least 1")
      .option("--liability-weight-maint <W>", "maintenance liability weight, at least 1")
      .option("--operational-state <STATE>", OPERATIONAL_STATES.join(", "))
      .option("--risk-tier <TIER>", RISK_TIERS.join(", "))
      .option("--asset-tag <TAG>", ASSET_TAGS.join(", "))
      .option("--oracle-max-age <SECONDS>", "oldest price the bank accepts")
      .option("--oracle-max-confidence <FRACTION>", "widest confidence interval, a fraction of the price (0 = the default 10%)")
      .option("--permissionless-bad-debt-settlement <on|off>", "anyone may settle bad debt")
      .option("--freeze-settings <on|off>", "freeze the settings (only the flags stay changeable)")
      .option("--tokenless-repayments <on|off>", "allow tokenless repayments (sunset)"),
  );
  curveOptions(configure).action(
    async (
      o: LimitOptions &
        CurveOptions & {
          bank: string;
          assetWeightInit?: string;
          assetWeightMaint?: string;
          liabilityWeightInit?: string;
          liabilityWeightMaint?: string;
          operationalState?: string;
          riskTier?: string;
          assetTag?: string;
          oracleMaxAge?: string;
          oracleMaxConfidence?: string;
          permissionlessBadDebtSettlement?: string;
          freezeSettings?: string;
          tokenlessRepayments?: string;
        },
    ) => {
      const address = bankFlag(o);
      const w = (flag: string, value: string | undefined, max: string) =>
        value === undefined ? undefined : parseDecimal(flag, value, { min: "0", max });
      const flag = (name: string, value: string | undefined) => (value === undefined ? undefined : parseBoolean(name, value));
      const curve = curveChanges(o);
      const changes: BankConfigChanges = {
        assetWeightInit: w("--asset-weight-init", o.assetWeightInit, "1"),
        assetWeightMaint: w("--asset-weight-maint", o.assetWeightMaint, "1"),
        liabilityWeightInit: w("--liability-weight-init", o.liabilityWeightInit, "100"),
        liabilityWeightMaint: w("--liability-weight-maint", o.liabilityWeightMaint, "100"),
        ...limitChanges(o),
        operationalState:
          o.operationalState === undefined
            ? undefined
            : BankOperationalState[parseChoice("--operational-state", o.operationalState, OPERATIONAL_STATES)],
        riskTier: o.riskTier === undefined ? undefined : RiskTier[parseChoice("--risk-tier", o.riskTier, RISK_TIERS)],
        assetTag: o.assetTag === undefined ? undefined : AssetTag[parseChoice("--asset-tag", o.assetTag, ASSET_TAGS)],
        oracleMaxAge: o.oracleMaxAge === undefined ? undefined : parseU16("--oracle-max-age", o.oracleMaxAge),
        oracleMaxConfidence:
          o.oracleMaxConfidence === undefined ? undefined : parseUtilization("--oracle-max-confidence", o.oracleMaxConfidence),
        interestRateConfig: Object.keys(curve).length === 0 ? undefined : curve,
        permissionlessBadDebtSettlement: flag("--permissionless-bad-debt-settlement", o.permissionlessBadDebtSettlement),
        freezeSettings: flag("--freeze-settings", o.freezeSettings),
        tokenlessRepaymentsAllowed: flag("--tokenless-repayments", o.tokenlessRepayments),
      };
      const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as BankConfigChanges;
      if (Object.keys(given).length === 0) throw new InputError("bank configure: nothing to change (see `ballast bank configure --help`)");
      const group = new PublicKey((await fetchBankAccount(ctx, address)).group);
      await sendAndReport(
        ctx,
        {
          instructions: [
            configureBankInstruction({ programId: ctx.programId, group, admin: ctx.authority(), bank: address, changes: given }),
          ],
        },
        bankReader(ctx, address),
      );
    },
  );

  bank
    .command("configure-oracle")
    .description(writes("Set a bank's oracle setup and feed (group admin)", "the bank's oracle setup and keys"))
    .requiredOption("--bank <PUBKEY>", "the bank")
    .requiredOption("--setup <SETUP>", ORACLE_SETUPS.filter((s) => s !== "Fixed" && s !== "None").join(", "))
    .requiredOption("--oracle <PUBKEY>", "the price feed")
    .option("--oracle-account <PUBKEY>", "an account the setup validates against, after the feed (repeat)", collect)
    .action(async (o: { bank: string; setup: string; oracle: string; oracleAccount?: string[] }) => {
      const address = bankFlag(o);
      const setup = parseChoice("--setup", o.setup, ORACLE_SETUPS);
      if (setup === "Fixed" || setup === "None")
        throw new InputError(`--setup: ${setup} is not an oracle setup (use \`bank set-fixed-price\` for a fixed price)`);
      const feed = parsePubkey("--oracle", o.oracle);
      const keys = [feed, ...(o.oracleAccount ?? []).map((k) => parsePubkey("--oracle-account", k))];
      const group = new PublicKey((await fetchBankAccount(ctx, address)).group);
      await sendAndReport(
        ctx,
        { instructions: [oracleInstruction(ctx, group, address, { kind: "feed", setup: OracleSetup[setup], keys })] },
        bankReader(ctx, address),
      );
    });

  bank
    .command("set-fixed-price")
    .description(
      writes("Price a bank at a fixed USD price instead of an oracle (group admin)", "the bank's oracle setup (Fixed) and price"),
    )
    .requiredOption("--bank <PUBKEY>", "the bank")
    .requiredOption("--price <USD>", "USD per whole token, not negative")
    .action(async (o: { bank: string; price: string }) => {
      const address = bankFlag(o);
      const price = parseDecimal("--price", o.price, { min: "0", max: "1000000000000" });
      const group = new PublicKey((await fetchBankAccount(ctx, address)).group);
      await sendAndReport(
        ctx,
        { instructions: [oracleInstruction(ctx, group, address, { kind: "fixed", price })] },
        bankReader(ctx, address),
      );
    });

  bank
    .command("set-emode")
    .description(writes("Set a bank's e-mode tag and entries (e-mode admin); entries not given are emptied", "the bank's e-mode settings"))
    .requiredOption("--bank <PUBKEY>", "the bank")
    .requiredOption("--tag <N>", "the bank's own e-mode tag (0 = none)")
    .option(
      "--entry <TAG:INIT:MAINT[:FLAGS]>",
      "collateral banks with TAG get these asset weights when this bank is borrowed (repeat, up to 10)",
      collect,
    )
    .action(async (o: { bank: string; tag: string; entry?: string[] }) => {
      const address = bankFlag(o);
      const tag = parseU16("--tag", o.tag);
      const entries = (o.entry ?? []).map(emodeEntry);
      if (entries.length > 10) throw new InputError(`--entry: at most 10 entries, got ${entries.length}`);
      const group = new PublicKey((await fetchBankAccount(ctx, address)).group);
      await sendAndReport(ctx, { instructions: [emodeInstruction(ctx, group, address, tag, entries)] }, bankReader(ctx, address));
    });

  limitOptions(
    bank
      .command("set-limits")
      .description(
        writes(
          "Change a bank's deposit, borrow and initial-value limits (limit admin); limits not given keep their value",
          "the bank's limits",
        ),
      )
      .requiredOption("--bank <PUBKEY>", "the bank"),
  ).action(async (o: LimitOptions & { bank: string }) => {
    const address = bankFlag(o);
    const limits = limitChanges(o);
    if (Object.values(limits).every((v) => v === undefined))
      throw new InputError("bank set-limits: nothing to change (give --deposit-limit, --borrow-limit or --total-asset-value-init-limit)");
    const group = new PublicKey((await fetchBankAccount(ctx, address)).group);
    await sendAndReport(
      ctx,
      {
        instructions: [
          configureBankLimitsInstruction({ programId: ctx.programId, group, limitAdmin: ctx.authority(), bank: address, ...limits }),
        ],
      },
      bankReader(ctx, address),
    );
  });

  curveOptions(
    bank
      .command("set-curve")
      .description(
        writes(
          "Change a bank's interest curve and fees (curve admin); values not given keep theirs",
          "the bank's interest rate configuration",
        ),
      )
      .requiredOption("--bank <PUBKEY>", "the bank"),
  ).action(async (o: CurveOptions & { bank: string }) => {
    const address = bankFlag(o);
    const changes = curveChanges(o);
    if (Object.keys(changes).length === 0) throw new InputError("bank set-curve: nothing to change (see `ballast bank set-curve --help`)");
    const group = new PublicKey((await fetchBankAccount(ctx, address)).group);
    await sendAndReport(
      ctx,
      {
        instructions: [
          configureBankInterestInstruction({ programId: ctx.programId, group, curveAdmin: ctx.authority(), bank: address, changes }),
        ],
      },
      bankReader(ctx, address),
    );
  });

  bank
    .command("collect-fees")
    .description(
      writes(
        "Collect a bank's outstanding fees; anyone may send it",
        "moves insurance and group fees from the liquidity vault into their vaults and program fees to the global fee wallet's token account (created if missing)",
      ),
    )
    .requiredOption("--bank <PUBKEY>", "the bank")
    .action(async (o: { bank: string }) => {
      const address = bankFlag(o);
      const b = await fetchBankAccount(ctx, address);
      const feeState = await fetchFeeState(ctx);
      const mint = new PublicKey(b.mint);
      const tokenProgram = await mintTokenProgram(ctx, mint, "bank mint");
      const wallet = new PublicKey(feeState.globalFeeWallet);
      const payer = ctx.mode === "multisig" ? ctx.authority() : ctx.keypair().publicKey;
      await sendAndReport(
        ctx,
        {
          instructions: [
            createAssociatedTokenAccountInstruction({ owner: wallet, mint, payer, tokenProgram }),
            collectBankFeesInstruction({
              programId: ctx.programId,
              group: new PublicKey(b.group),
              bank: address,
              feeAta: associatedTokenAddress(mint, wallet, tokenProgram),
              tokenProgram,
              mint,
            }),
          ],
        },
        bankReader(ctx, address),
      );
    });

  for (const [name, vault, build] of [
    ["withdraw-fees", "fee", withdrawFeesInstruction],
    ["withdraw-insurance", "insurance", withdrawInsuranceInstruction],
  ] as const) {
    bank
      .command(name)
      .description(
        writes(
          `Withdraw from a bank's ${vault} vault (group admin)`,
          `moves tokens from the ${vault} vault to the destination token account (the authority's, created if missing)`,
        ),
      )
      .requiredOption("--bank <PUBKEY>", "the bank")
      .requiredOption("--amount <NATIVE>", "native units to withdraw")
      .option("--destination <TOKEN_ACCOUNT>", "token account of the bank's mint (default: the authority's associated token account)")
      .action(async (o: { bank: string; amount: string; destination?: string }) => {
        const address = bankFlag(o);
        const amount = parseU64("--amount", o.amount);
        if (amount === 0n) throw new InputError('--amount: expected a positive number of native units, got "0"');
        const b = await fetchBankAccount(ctx, address);
        const mint = new PublicKey(b.mint);
        const to = await destination(ctx, mint, o.destination);
        const tokenProgram = await mintTokenProgram(ctx, mint, "bank mint");
        const vaultAddress = new PublicKey(vault === "fee" ? b.feeVault : b.insuranceVault);
        const balances = async () => {
          const [vaultBalance, destinationBalance] = await Promise.all(
            [vaultAddress, to.account].map(async (account) =>
              (await accountData(ctx, account)) === null
                ? "0"
                : (await ctx.connection.getTokenAccountBalance(account, ctx.commitment)).value.amount,
            ),
          );
          return { [`${vault}Vault`]: vaultBalance ?? "0", destination: destinationBalance ?? "0" };
        };
        await sendAndReport(
          ctx,
          {
            instructions: [
              ...to.create,
              build({
                programId: ctx.programId,
                group: new PublicKey(b.group),
                bank: address,
                admin: ctx.authority(),
                destinationTokenAccount: to.account,
                amount,
                tokenProgram,
              }),
            ],
          },
          balances,
        );
      });
  }

  bank
    .command("close")
    .description(
      writes(
        "Close a bank with no positions, shares or emissions left (group admin)",
        "closes the bank account; its rent goes to the admin",
      ),
    )
    .requiredOption("--bank <PUBKEY>", "the bank")
    .action(async (o: { bank: string }) => {
      const address = bankFlag(o);
      const b = await fetchBankAccount(ctx, address);
      await sendAndReport(
        ctx,
        {
          instructions: [
            closeBankInstruction({ programId: ctx.programId, group: new PublicKey(b.group), bank: address, admin: ctx.authority() }),
          ],
        },
        async () => ((await accountData(ctx, address)) === null ? { bank: address, closed: true } : { bank: address, closed: false }),
      );
    });
}
