import { minimumBalanceForRentExemption, RENT_EXEMPT_EPOCH, type Account, type Address } from "../account.js";
import type { SlotClock } from "../chain/slots.js";
import {
  CLOCK_SYSVAR_ID,
  EPOCH_SCHEDULE_SYSVAR_ID,
  INSTRUCTIONS_SYSVAR_ID,
  RENT_SYSVAR_ID,
  SLOT_HASHES_SYSVAR_ID,
  SYSVAR_OWNER,
  encodeClock,
  encodeEpochSchedule,
  encodeRent,
  encodeSlotHashes,
} from "./sysvars.js";

/** Sysvars are read-only to every transaction. */
export const SYSVAR_IDS: readonly Address[] = [
  CLOCK_SYSVAR_ID,
  RENT_SYSVAR_ID,
  EPOCH_SCHEDULE_SYSVAR_ID,
  SLOT_HASHES_SYSVAR_ID,
  INSTRUCTIONS_SYSVAR_ID,
];

function sysvar(data: Buffer): Account {
  return {
    lamports: minimumBalanceForRentExemption(data.length),
    data,
    owner: SYSVAR_OWNER,
    executable: false,
    rentEpoch: RENT_EXEMPT_EPOCH,
  };
}

/** The sysvar accounts as of the clock's current slot. */
export function sysvarAccounts(slots: SlotClock): [Address, Account][] {
  return [
    [CLOCK_SYSVAR_ID, sysvar(encodeClock(slots.clock()))],
    [RENT_SYSVAR_ID, sysvar(encodeRent())],
    [EPOCH_SCHEDULE_SYSVAR_ID, sysvar(encodeEpochSchedule())],
    [SLOT_HASHES_SYSVAR_ID, sysvar(encodeSlotHashes(slots.recent().map((r) => ({ slot: r.slot, hash: r.blockhash }))))],
  ];
}
