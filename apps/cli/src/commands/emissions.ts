// `ballast emissions setup | update | show`: a bank's emissions (a reward token paid to its lenders or borrowers at a
// rate per bank token per year, from a vault the emissions admin funds), set up and changed through the SDK's
// builders, and shown for every bank of the group.
import { Option, type Command } from "commander";
import { PublicKey, type Connection } from "@solana/web3.js";
import { BankFlags, BankLayout, DEFAULT_PUBKEY, EMISSION_FLAGS, decodeBank, type Bank } from "@ballast/protocol";
import { associatedTokenAddress, fetchGroupBanks, setupEmissionsInstruction, updateEmissionsParametersInstruction } from "@ballast/sdk";
import type { CliContext } from "../context.js";
import { readsOnly, writes } from "../describe.js";
import { InputError } from "../errors.js";
import type { Printable } from "../output.js";
import { U64_MAX, parseChoice, parseInteger, parsePubkey } from "../parse.js";
import { sendAndReport } from "../send.js";
import { figure } from "./figures.js";

const FLAG_CHOICES = ["lending", "borrow", "both", "none"] as const;
type FlagChoice = (typeof FLAG_CHOICES)[number];

const FLAG_BITS: Readonly<Record<FlagChoice, bigint>> = {
  lending: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE,
  borrow: BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE,
  both: EMISSION_FLAGS,
  none: 0n,
};

/** Who earns the emissions, from the bank's flags. */
function paidTo(flags: bigint): FlagChoice {
  const lending = (flags & BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE) !== 0n;
  const borrow = (flags & BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE) !== 0n;
  return lending && borrow ? "both" : lending ? "lending" : borrow ? "borrow" : "none";
}

/** The bank at `address`, refused as bad input when it is missing or not the program's bank. */
async function readBank(connection: Connection, programId: PublicKey, address: PublicKey): Promise<Bank> {
  const info = await connection.getAccountInfo(address);
  if (info === null) throw new InputError(`BANK: no account at ${address.toBase58()}`);
  if (
    !info.owner.equals(programId) ||
    info.data.length !== BankLayout.space ||
    !info.data.subarray(0, 8).equals(BankLayout.discriminator)
  ) {
    throw new InputError(`BANK: ${address.toBase58()} is not a bank of program ${programId.toBase58()}`);
  }
  return decodeBank(info.data);
}

/** The token program that owns the mint (SPL Token or Token-2022). */
async function tokenProgramOf(connection: Connection, mint: PublicKey, field: string): Promise<PublicKey> {
  const info = await connection.getAccountInfo(mint);
  if (info === null) throw new InputError(`${field}: no mint at ${mint.toBase58()}`);
  return info.owner;
}

function emissionsFields(ctx: CliContext, bank: Bank): Record<string, Printable> {
  return {
    emissionsMint: bank.emissionsMint === DEFAULT_PUBKEY ? null : bank.emissionsMint,
    paidTo: paidTo(bank.flags),
    rate: bank.emissionsRate,
    remaining: figure(ctx, bank.emissionsRemaining, 0),
  };
}

interface SetupOptions {
  mint: string;
  rate: bigint;
  total: bigint;
  paidTo: FlagChoice;
  funding?: string;
}

async function setup(ctx: CliContext, bankText: string, options: SetupOptions): Promise<void> {
  const bankAddress = parsePubkey("BANK", bankText);
  const mint = parsePubkey("--mint", options.mint);
  const bank = await readBank(ctx.connection, ctx.programId, bankAddress);
  const tokenProgram = await tokenProgramOf(ctx.connection, mint, "--mint");
  const admin = ctx.authority();
  const funding =
    options.funding === undefined ? associatedTokenAddress(mint, admin, tokenProgram) : parsePubkey("--funding", options.funding);
  const instruction = setupEmissionsInstruction({
    group: new PublicKey(bank.group),
    bank: bankAddress,
    emissionsAdmin: admin,
    emissionsMint: mint,
    emissionsFundingAccount: funding,
    tokenProgram,
    flags: FLAG_BITS[options.paidTo],
    rate: options.rate,
    totalEmissions: options.total,
    programId: ctx.programId,
  });
  await sendAndReport(ctx, { instructions: [instruction] }, async () =>
    emissionsFields(ctx, await readBank(ctx.connection, ctx.programId, bankAddress)),
  );
}

interface UpdateOptions {
  rate?: bigint;
  add?: bigint;
  paidTo?: FlagChoice;
  funding?: string;
}

async function update(ctx: CliContext, bankText: string, options: UpdateOptions): Promise<void> {
  const bankAddress = parsePubkey("BANK", bankText);
  if (options.rate === undefined && options.add === undefined && options.paidTo === undefined) {
    throw new InputError("emissions update: give at least one of --rate, --add, --paid-to");
  }
  const bank = await readBank(ctx.connection, ctx.programId, bankAddress);
  if (bank.emissionsMint === DEFAULT_PUBKEY) throw new InputError(`BANK: ${bankAddress.toBase58()} has no emissions; set them up first`);
  const mint = new PublicKey(bank.emissionsMint);
  const tokenProgram = await tokenProgramOf(ctx.connection, mint, "emissions mint");
  const admin = ctx.authority();
  const funding =
    options.funding === undefined ? associatedTokenAddress(mint, admin, tokenProgram) : parsePubkey("--funding", options.funding);
  // The instruction replaces the whole flags field: keep the bank's other bits, change only the emissions ones.
  const flags = options.paidTo === undefined ? undefined : (bank.flags & ~EMISSION_FLAGS) | FLAG_BITS[options.paidTo];
  const instruction = updateEmissionsParametersInstruction({
    group: new PublicKey(bank.group),
    bank: bankAddress,
    emissionsAdmin: admin,
    emissionsMint: mint,
    emissionsFundingAccount: funding,
    tokenProgram,
    ...(flags === undefined ? {} : { emissionsFlags: flags }),
    ...(options.rate === undefined ? {} : { emissionsRate: options.rate }),
    ...(options.add === undefined ? {} : { additionalEmissions: options.add }),
    programId: ctx.programId,
  });
  await sendAndReport(ctx, { instructions: [instruction] }, async () =>
    emissionsFields(ctx, await readBank(ctx.connection, ctx.programId, bankAddress)),
  );
}

async function show(ctx: CliContext): Promise<void> {
  const banks = await fetchGroupBanks(ctx.connection, ctx.programId.toBase58(), ctx.group().toBase58());
  ctx.print(banks.map(({ address, bank }) => ({ bank: address, mint: bank.mint, ...emissionsFields(ctx, bank) })));
}

const amountOption = (flag: string, description: string) =>
  new Option(`${flag} <NATIVE_UNITS>`, description).argParser((value) => parseInteger(flag, value, 0n, U64_MAX));

const paidToOption = () =>
  new Option("--paid-to <WHO>", "who earns them: lending, borrow, both or none").argParser((value) =>
    parseChoice("--paid-to", value, FLAG_CHOICES),
  );

const fundingOption = () =>
  new Option(
    "--funding <TOKEN_ACCOUNT>",
    "the admin's token account of the emissions mint that pays in. Default: the signer's associated token account",
  );

export function registerEmissionsCommands(program: Command, ctx: CliContext): void {
  const emissions = program.command("emissions").description("Bank emissions: a reward token paid to a bank's lenders or borrowers");
  emissions
    .command("setup")
    .argument("<BANK>", "the bank")
    .requiredOption("--mint <PUBKEY>", "the reward token's mint")
    .addOption(amountOption("--rate", "reward native units per whole bank token per year").makeOptionMandatory())
    .addOption(amountOption("--total", "reward native units moved into the bank's emissions vault now").makeOptionMandatory())
    .addOption(paidToOption().default("lending"))
    .addOption(fundingOption())
    .description(
      writes(
        "Set up a bank's emissions (emissions admin)",
        "creates the bank's emissions vault for the mint, moves --total from the funding account into it, and sets the bank's emissions mint, rate and flags",
      ),
    )
    .action((bank: string, options: SetupOptions) => setup(ctx, bank, options));
  emissions
    .command("update")
    .argument("<BANK>", "the bank")
    .addOption(amountOption("--rate", "the new rate: reward native units per whole bank token per year"))
    .addOption(amountOption("--add", "reward native units added to the vault from the funding account"))
    .addOption(paidToOption())
    .addOption(fundingOption())
    .description(
      writes(
        "Change a bank's emissions (emissions admin)",
        "the bank's emissions rate, flags and remaining amount, and moves --add into its vault",
      ),
    )
    .action((bank: string, options: UpdateOptions) => update(ctx, bank, options));
  emissions
    .command("show")
    .description(
      readsOnly("Show every bank of the --group with its emissions mint, who earns them, the rate and what remains (native units)"),
    )
    .action(() => show(ctx));
}
