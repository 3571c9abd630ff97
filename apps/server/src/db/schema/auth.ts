// Users, sign-in nonces and sessions. Times are unix seconds.
export interface UsersTable {
  wallet_address: string;
  wallet_id: string | null;
  referral_code: string;
  /** The wallet address of the user whose referral code was given at sign-up. */
  referred_by: string | null;
  created_at: number;
  last_login: number;
}

/** A server-issued nonce is good for one sign-in, until it expires. */
export interface AuthNoncesTable {
  nonce: string;
  wallet_address: string;
  issued_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Sessions are stored by the SHA-256 of their cookie token, never the token itself. */
export interface SessionsTable {
  token_hash: string;
  wallet_address: string;
  created_at: number;
  expires_at: number;
}
