// Users are wallets that signed up; each gets a referral code others can give when they sign up.
import { randomBytes } from "node:crypto";
import type { UserDto } from "@ballast/sdk";
import type { Selectable } from "kysely";
import type { ServerContext } from "../context.js";
import type { Db } from "../db/database.js";
import type { UsersTable } from "../db/schema/auth.js";

/** 32 symbols without 0/O and 1/I, so a code read aloud or retyped survives; 8 of them give 2^40 codes. */
const REFERRAL_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const REFERRAL_CODE_LENGTH = 8;
/** A fresh code colliding even once is a 1 in 2^40 event per user; a few tries make failure unreachable. */
const REFERRAL_CODE_ATTEMPTS = 5;

export function newReferralCode(): string {
  return Array.from(randomBytes(REFERRAL_CODE_LENGTH), (byte) => REFERRAL_ALPHABET[byte & 31]).join("");
}

/** Codes are compared case-insensitively and without surrounding spaces. */
export function normalizeReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

export function toUserDto(row: Selectable<UsersTable>): UserDto {
  return {
    walletAddress: row.wallet_address,
    walletId: row.wallet_id,
    referralCode: row.referral_code,
    referredBy: row.referred_by,
    createdAt: row.created_at,
    lastLogin: row.last_login,
  };
}

export async function findUser(db: Db, walletAddress: string): Promise<Selectable<UsersTable> | undefined> {
  return db.selectFrom("users").selectAll().where("wallet_address", "=", walletAddress).executeTakeFirst();
}

/** The wallet whose referral code this is, or null. */
export async function referrerOf(db: Db, referralCode: string): Promise<string | null> {
  const owner = await db
    .selectFrom("users")
    .select("wallet_address")
    .where("referral_code", "=", normalizeReferralCode(referralCode))
    .executeTakeFirst();
  return owner?.wallet_address ?? null;
}

/** Records a sign-in: the time, and the wallet software when the client names it. Null when there is no such user. */
export async function recordLogin(ctx: ServerContext, walletAddress: string, walletId: string | null): Promise<UserDto | null> {
  const update = ctx.db.updateTable("users").set({ last_login: ctx.now() }).where("wallet_address", "=", walletAddress);
  const user = await (walletId ? update.set({ wallet_id: walletId }) : update).returningAll().executeTakeFirst();
  return user ? toUserDto(user) : null;
}

/** Creates the user with a fresh referral code; null when the wallet already has one (e.g. a concurrent sign-up). */
export async function createUser(
  ctx: ServerContext,
  user: { walletAddress: string; walletId: string | null; referredBy: string | null },
): Promise<UserDto | null> {
  const now = ctx.now();
  for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS; attempt++) {
    const row = {
      wallet_address: user.walletAddress,
      wallet_id: user.walletId,
      referral_code: newReferralCode(),
      referred_by: user.referredBy,
      created_at: now,
      last_login: now,
    };
    // DO NOTHING on any unique column: a taken wallet ends here, a taken referral code is drawn again.
    const result = await ctx.db
      .insertInto("users")
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (result.numInsertedOrUpdatedRows === 1n) return toUserDto(row);
    if (await findUser(ctx.db, user.walletAddress)) return null;
  }
  throw new Error(`no free referral code after ${REFERRAL_CODE_ATTEMPTS} attempts`);
}
