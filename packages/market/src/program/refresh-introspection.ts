// klend's check_refresh for the v1 position instructions (utils/refresh_ix_utils.rs in v1.12.5), read through the
// instructions sysvar. Right before the instruction come refresh_reserve of each reserve it acts on (one when both are
// the same reserve; refresh_reserves_batch does not count), then refresh_obligation of its obligation, then
// refresh_obligation_farms_for_reserve for each of those reserves with a farm on the side the instruction changes;
// the same farm refreshes follow it. A wrong or missing instruction is IncorrectInstructionInPosition, another
// program's instruction or another account in a checked slot fails require_keys_eq. Called through CPI by a program
// not on klend's whitelist (or deeper than its level allows), the instruction is refused with CpiDisabled.
import { instructionDiscriminator } from "@ballast/codec";
import {
  InstructionError,
  loadCurrentIndexChecked,
  loadInstructionAtChecked,
  type InstructionAccount,
  type InstructionContext,
  type SysvarInstruction,
} from "@ballast/ledger";
import { fail } from "../errors.js";
import { type ReserveFarmKind, reserveFarm } from "../lending/obligation-farms.js";
import type { Reserve } from "../state/reserve.js";

/** The programs klend v1.12.5 lets call its v1 position instructions, with the CPI depth each may add. */
const CPI_WHITELIST: ReadonlyMap<string, number> = new Map([
  ["FL3X2pRsQ9zHENpZSKDRREtccwJuei8yg9fwDu9UN69Q", 1],
  ["SMPLecH534NA9acpos4G6x7uf3LWbCAwZQE9e8ZekMu", 1],
  ["84Ue9gKQUsStFJQCNQpsqvbceo7fKYSSCCMXxMZ5PkiW", 1],
  ["SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf", 1],
  ["STAG3xkFMyVK3sRtQhipsKuLpRGbgospDpVdNyJqDpS", 1],
  ["24Uqj9JCLxUeoC3hGfh5W3s9FM9uCHDS2SG3LYwBpyTi", 1],
  ["CarrotwivhMpDnm27EHmRLeQ683Z1PufuqEmBZvD282s", 1],
  ["SANDsy8SBzwUE8Zio2mrYZYqL52Phr2WQb9DDKuXMVK", 1],
  ["bestdGyQeo7mgaSRNgEYdtjhsryNbP8jgg1Y9qoFbk7", 1],
  ["STkvh7ostar39Fwr4uZKASs1RNNuYMFMTsE77FiRsL2", 1],
  ["kvauTFR8qm1dhniz6pYuBZkuene3Hfrs1VQhVRgCNrr", 1],
  ["dvyFwAPniptQNb1ey4eM12L8iLHrzdiDsPPDndd6xAR", 1],
  ["XPK1ndTK1xrgRg99ifvdPP1exrx8D1mRXTuxBkkroCx", 2],
  ["ExponentnaRg3CQbW6dqQNZKXp7gtZ9DGMp1cwC4HAS7", 3],
  ["AgroFiE3bX7j4Tvfa7YAoFLqjjb35Bw6eed5BuYukPEn", 1],
  ["E7jPY6J5s2uAxAjJQX5tqoASkmFr6TYxVoMm97hPLNZ1", 1],
]);

const REFRESH_RESERVE = instructionDiscriminator("refresh_reserve");
const REFRESH_OBLIGATION = instructionDiscriminator("refresh_obligation");
const REFRESH_FARMS = instructionDiscriminator("refresh_obligation_farms_for_reserve");

/** A reserve the position instruction acts on, and the side of it the instruction changes. */
export interface InvolvedReserve {
  readonly key: string;
  readonly state: Reserve;
  readonly kind: ReserveFarmKind;
}

/** An instruction the check expects: its discriminator and the keys at given account positions. */
interface RequiredInstruction {
  readonly name: string;
  readonly discriminator: Buffer;
  readonly accounts: readonly (readonly [key: string, index: number])[];
}

/** klend's is_forbidden_cpi_call: a CPI from a program off the whitelist, or nested deeper than its level. */
function isForbiddenCpi(ctx: InstructionContext, sysvar: InstructionAccount): boolean {
  const current = loadInstructionAtChecked(loadCurrentIndexChecked(sysvar), sysvar);
  if (current.programId === ctx.programId) return ctx.stackHeight > 1;
  const level = CPI_WHITELIST.get(current.programId);
  return level === undefined || ctx.stackHeight > 1 + level;
}

function instructionAt(sysvar: InstructionAccount, index: number): SysvarInstruction {
  try {
    return loadInstructionAtChecked(index, sysvar);
  } catch (error) {
    if (error instanceof InstructionError) return fail("IncorrectInstructionInPosition");
    throw error;
  }
}

function checkInstruction(
  ctx: InstructionContext,
  ix: SysvarInstruction,
  required: RequiredInstruction,
  all: readonly RequiredInstruction[],
) {
  if (ix.programId !== ctx.programId) fail("RequireKeysEqViolated");
  if (ix.data.length < 8 || !ix.data.subarray(0, 8).equals(required.discriminator)) {
    all.forEach((r, i) => ctx.log(`Required ix: ${i} ${r.name} ${r.accounts.map(([key, index]) => `${index}:${key}`).join(" ")}`));
    fail("IncorrectInstructionInPosition");
  }
  for (const [key, index] of required.accounts) {
    const account = ix.accounts[index];
    if (account === undefined) fail("IncorrectInstructionInPosition");
    if (account.pubkey !== key) fail("RequireKeysEqViolated");
  }
}

/** The refreshes a v1 position instruction needs around it, checked through the instructions sysvar. */
export function checkRefreshInstructions(
  ctx: InstructionContext,
  sysvar: InstructionAccount,
  obligation: string,
  involved: readonly InvolvedReserve[],
): void {
  ctx.log("Beginning check_refresh");
  if (isForbiddenCpi(ctx, sysvar)) {
    ctx.log("Instruction was called via CPI!");
    fail("CpiDisabled");
  }
  const current = loadCurrentIndexChecked(sysvar);
  const [first, second] = involved;
  const refreshed = first && second && first.key === second.key ? [first] : involved;
  const pre: RequiredInstruction[] = refreshed.map((r) => ({
    name: "refresh_reserve",
    discriminator: REFRESH_RESERVE,
    accounts: [[r.key, 0]],
  }));
  pre.push({ name: "refresh_obligation", discriminator: REFRESH_OBLIGATION, accounts: [[obligation, 1]] });
  const farms: RequiredInstruction[] = [];
  for (const r of involved) {
    const farm = reserveFarm(r.state, r.kind);
    if (farm === null) continue;
    farms.push({
      name: "refresh_obligation_farms_for_reserve",
      discriminator: REFRESH_FARMS,
      accounts: [
        [r.key, 3],
        [obligation, 1],
        [farm, 4],
      ],
    });
  }
  pre.push(...farms);
  // The last required instruction sits right before this one, the first furthest back.
  [...pre].reverse().forEach((required, i) => {
    const index = current - (i + 1);
    if (index < 0) fail("IncorrectInstructionInPosition");
    checkInstruction(ctx, instructionAt(sysvar, index), required, pre);
  });
  farms.forEach((required, i) => checkInstruction(ctx, instructionAt(sysvar, current + i + 1), required, farms));
  ctx.log("Finished check_refresh");
}
