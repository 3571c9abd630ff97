// Sign-in (spec §4, §7): POST /api/auth/login, /signup and /logout, GET /api/auth/user. The session lives in the
// HTTP-only `ballast_session` cookie.

/** A signed-up wallet. Times are unix seconds. */
export interface UserDto {
  readonly walletAddress: string;
  /** The wallet software's id, when the client named it. */
  readonly walletId: string | null;
  /** The code others give at signup to be referred by this user. */
  readonly referralCode: string;
  /** The wallet whose referral code was given at signup. */
  readonly referredBy: string | null;
  readonly createdAt: number;
  /** The latest sign-in; the signup time until then. */
  readonly lastLogin: number;
}

/** POST /api/auth/login's body. Without a signature (auth enabled) the server answers with a message to sign. */
export interface LoginRequest {
  readonly walletAddress: string;
  readonly walletId: string | null;
  /** Ed25519 signature of `signedMessage`, base58 (or padded base64); sent together with it. */
  readonly signature?: string;
  /** The exact message the server issued. */
  readonly signedMessage?: string;
}

/** POST /api/auth/signup's body: the login's signed message, and the referral code the user came with. */
export interface SignupRequest extends LoginRequest {
  readonly referralCode?: string | null;
}

/** POST /api/auth/login's reply. */
export interface LoginReply {
  /** The signed-in user; null when a signature is required or the sign-in failed. */
  readonly user: UserDto | null;
  /** "User not found" for a wallet without a user (its signed message stays usable for signup); else null. */
  readonly error: string | null;
  readonly requiresSignature: boolean;
  /** With requiresSignature: the text to sign (UTF-8), its one-time nonce and expiry (unix seconds). */
  readonly message?: string;
  readonly nonce?: string;
  readonly expiresAt?: number;
}

/**
 * POST /api/auth/signup's reply: the new user, or (like login's "User not found") no user and the error "Unknown
 * referral code", an outcome the client expects rather than a bad request. A wallet that already has a user gets 409.
 */
export type SignupReply = { readonly user: UserDto } | { readonly user: null; readonly error: string };

/** POST /api/auth/logout's reply. */
export interface LogoutReply {
  readonly success: true;
}

/** GET /api/auth/user's reply: null without a live session. */
export interface CurrentUserReply {
  readonly user: UserDto | null;
}
