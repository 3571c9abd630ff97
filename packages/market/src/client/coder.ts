// What every market builder shares: the program it targets, klend's id unless the caller names another.
import type { PublicKey } from "@solana/web3.js";
import { KLEND_PROGRAM_ID } from "../program-ids.js";
import { toPublicKey, type Key } from "@ballast/codec";

export interface ProgramOption {
  /** The market program; klend's id by default. */
  programId?: Key;
}

export function programIdOf(p: ProgramOption): PublicKey {
  return toPublicKey(p.programId ?? KLEND_PROGRAM_ID);
}
