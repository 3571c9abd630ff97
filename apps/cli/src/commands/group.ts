// `ballast group …`: create a group, show it, set its roles, and configure its e-mode leverage caps, deleverage
// limit and program fees.
import type { Command } from "commander";
import { Keypair, type PublicKey } from "@solana/web3.js";
import { basisToU32, decodeMarginfiGroup, i80f48, u32ToBasis, type I80F48, type MarginfiGroup } from "@ballast/protocol";
import {
  configureDeleverageWithdrawalLimitInstruction,
  configureGroupFeeInstruction,
  configureGroupInstruction,
  initializeGroupInstruction,
} from "@ballast/sdk";
import type { CliContext } from "../context.js";
import { readsOnly, writes } from "../describe.js";
import { InputError } from "../errors.js";
import { parseBoolean, parseDecimal, parsePubkey, parseU32 } from "../parse.js";
import { fetchGroupAccount, groupReading, groupRoles, reader } from "../readings.js";
import { sendAndReport } from "../send.js";
import { readKeypairFile, resolvePath } from "../settings.js";

/** configure_group's roles by flag, with the group field each one keeps when left out. */
const ROLE_FLAGS = [
  ["admin", "--admin", "group admin: configures the group and its banks"],
  ["emodeAdmin", "--emode-admin", "e-mode admin: sets banks' e-mode tags and entries"],
  ["curveAdmin", "--curve-admin", "curve admin: changes interest curves only"],
  ["limitAdmin", "--limit-admin", "limit admin: changes deposit and borrow limits only"],
  ["emissionsAdmin", "--emissions-admin", "emissions admin: sets up and updates emissions"],
  ["metadataAdmin", "--metadata-admin", "metadata admin: writes bank metadata"],
  ["riskAdmin", "--risk-admin", "risk admin: deleverages accounts and ends sunsets"],
] as const;
type Role = (typeof ROLE_FLAGS)[number][0];

/**
 * An I80F48 leverage that configure_group stores as exactly `stored` (its basis encoding), so a configure that does
 * not name the caps keeps them: the program would reset left-out caps to their defaults.
 */
function leverageKeeping(stored: number): I80F48 {
  // basisToU32 is monotonic: the smallest value that encodes to at least `stored`, searched between the decodings
  // of `stored` and `stored + 1`.
  let low: bigint = u32ToBasis(stored);
  let high: bigint = u32ToBasis(stored + 1);
  while (low < high) {
    const middle = (low + high) / 2n;
    if (basisToU32(i80f48.fromBits(middle)) < stored) low = middle + 1n;
    else high = middle;
  }
  return i80f48.fromBits(low);
}

function groupReader(ctx: CliContext, group: PublicKey) {
  return reader(ctx, group, decodeMarginfiGroup, groupReading);
}

/** configure_group with every role and cap as the group has it, except those given. */
function configureGroup(
  ctx: CliContext,
  group: PublicKey,
  current: MarginfiGroup,
  roles: Partial<Record<Role, PublicKey>>,
  caps: { init?: I80F48; maint?: I80F48 },
) {
  const keep = groupRoles(current);
  const role = (name: Role): PublicKey => roles[name] ?? parsePubkey(name, keep[name]);
  return configureGroupInstruction({
    programId: ctx.programId,
    group,
    admin: ctx.authority(),
    newAdmin: role("admin"),
    newEmodeAdmin: role("emodeAdmin"),
    newCurveAdmin: role("curveAdmin"),
    newLimitAdmin: role("limitAdmin"),
    newEmissionsAdmin: role("emissionsAdmin"),
    newMetadataAdmin: role("metadataAdmin"),
    newRiskAdmin: role("riskAdmin"),
    emodeMaxInitLeverage: caps.init ?? leverageKeeping(current.emodeMaxInitLeverage),
    emodeMaxMaintLeverage: caps.maint ?? leverageKeeping(current.emodeMaxMaintLeverage),
  });
}

export function registerGroupCommands(program: Command, ctx: CliContext): void {
  const group = program.command("group").description("Lending groups: create, show, roles and settings");

  group
    .command("create")
    .description(
      writes(
        "Create a group with the authority as its admin (other roles unset until `group roles`)",
        "creates a group account (rent paid by the admin)",
      ),
    )
    .option("--group-keypair <PATH>", "keypair file for the group's address (default: a new random keypair)")
    .action(async (options: { groupKeypair?: string }) => {
      const groupKeypair =
        options.groupKeypair === undefined
          ? Keypair.generate()
          : readKeypairFile(resolvePath(options.groupKeypair, ctx.io.cwd, ctx.io.home), "--group-keypair");
      const address = groupKeypair.publicKey;
      await sendAndReport(
        ctx,
        {
          instructions: [initializeGroupInstruction({ programId: ctx.programId, group: address, admin: ctx.authority() })],
          signers: [groupKeypair],
        },
        async () => {
          const reading = await groupReader(ctx, address)();
          return reading === null ? null : { group: address, ...reading };
        },
      );
    });

  group
    .command("show")
    .description(readsOnly("Show the group (--group): roles, bank count, flags, leverage caps and its copy of the fee state"))
    .action(async () => {
      const address = ctx.group();
      ctx.print({ group: address, ...groupReading(await fetchGroupAccount(ctx, address)) });
    });

  const roles = group
    .command("roles")
    .description(
      writes(
        "Set the group's roles; roles not named keep their holder, with no role flag it only prints them",
        "the group's admin and delegate admin fields (signed by the group admin)",
      ),
    );
  for (const [, flag, help] of ROLE_FLAGS) roles.option(`${flag} <PUBKEY>`, `new ${help}`);
  roles.action(async (options: Partial<Record<Role, string>>) => {
    const address = ctx.group();
    const given: Partial<Record<Role, PublicKey>> = {};
    for (const [name, flag] of ROLE_FLAGS) {
      const value = options[name];
      if (value !== undefined) given[name] = parsePubkey(flag, value);
    }
    const current = await fetchGroupAccount(ctx, address);
    if (Object.keys(given).length === 0) {
      ctx.print({ group: address, ...groupRoles(current) });
      return;
    }
    await sendAndReport(ctx, { instructions: [configureGroup(ctx, address, current, given, {})] }, groupReader(ctx, address));
  });

  group
    .command("configure")
    .description(
      writes(
        "Configure the group: e-mode leverage caps (group admin), the deleverage daily withdrawal limit (group admin), program fees on or off (global fee admin)",
        "the group's leverage caps, deleverage limit or program-fee flag",
      ),
    )
    .option("--emode-max-init-leverage <X>", "cap on the initial leverage e-mode weights allow (e.g. 15)")
    .option("--emode-max-maint-leverage <X>", "cap on the maintenance leverage e-mode weights allow (e.g. 20)")
    .option("--deleverage-limit <USD>", "whole USD a risk admin's deleverages may withdraw per day (positive)")
    .option("--program-fees <on|off>", "whether the group pays the program fee (signed by the global fee admin)")
    .action(
      async (options: {
        emodeMaxInitLeverage?: string;
        emodeMaxMaintLeverage?: string;
        deleverageLimit?: string;
        programFees?: string;
      }) => {
        const address = ctx.group();
        const init =
          options.emodeMaxInitLeverage === undefined
            ? undefined
            : parseDecimal("--emode-max-init-leverage", options.emodeMaxInitLeverage, { min: "1", max: "100" });
        const maint =
          options.emodeMaxMaintLeverage === undefined
            ? undefined
            : parseDecimal("--emode-max-maint-leverage", options.emodeMaxMaintLeverage, { min: "1", max: "100" });
        const limit = options.deleverageLimit === undefined ? undefined : parseU32("--deleverage-limit", options.deleverageLimit);
        if (limit === 0) throw new InputError('--deleverage-limit: expected a positive number of whole USD, got "0"');
        const programFees = options.programFees === undefined ? undefined : parseBoolean("--program-fees", options.programFees);
        if (init === undefined && maint === undefined && limit === undefined && programFees === undefined) {
          throw new InputError(
            "group configure: nothing to change (give --emode-max-init-leverage, --emode-max-maint-leverage, --deleverage-limit or --program-fees)",
          );
        }
        const current = await fetchGroupAccount(ctx, address);
        const instructions = [];
        if (init !== undefined || maint !== undefined) instructions.push(configureGroup(ctx, address, current, {}, { init, maint }));
        if (limit !== undefined) {
          instructions.push(
            configureDeleverageWithdrawalLimitInstruction({ programId: ctx.programId, group: address, admin: ctx.authority(), limit }),
          );
        }
        if (programFees !== undefined) {
          instructions.push(
            configureGroupFeeInstruction({
              programId: ctx.programId,
              group: address,
              globalFeeAdmin: ctx.authority(),
              enableProgramFee: programFees,
            }),
          );
        }
        await sendAndReport(ctx, { instructions }, groupReader(ctx, address));
      },
    );
}
