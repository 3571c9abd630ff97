// Sign-in calls (spec §4, §7, §8). The server answers a login without signature with a one-time message to sign;
// the session lives in an HTTP-only cookie, so every call sends credentials.
import { Http, jsonOrNull } from "./http.js";

export interface UserDto {
  readonly walletAddress: string;
  readonly walletId: string | null;
  readonly referralCode: string;
  readonly referredBy: string | null;
  readonly createdAt: number;
  readonly lastLogin: number | null;
}

export interface LoginReply {
  readonly user: UserDto | null;
  readonly error: string | null;
  readonly requiresSignature: boolean;
  /** With requiresSignature: the text to sign, its nonce and expiry (unix seconds). */
  readonly message?: string;
  readonly nonce?: string;
  readonly expiresAt?: number;
}

export interface LoginRequest {
  readonly walletAddress: string;
  readonly walletId: string | null;
  /** base58 Ed25519 signature of `signedMessage`. */
  readonly signature?: string;
  readonly signedMessage?: string;
}

export interface SignupRequest extends LoginRequest {
  readonly referralCode?: string | null;
}

export const AUTH_MESSAGES = {
  walletNotConnected: "Wallet not connected",
  noMessageSigning: "Wallet does not support message signing",
  authenticationFailed: "Authentication failed",
  userNotFound: "User not found",
  loginFailed: "Login failed",
  signupFailed: "Signup failed",
  unexpected: "Unexpected authentication error",
  logoutFailed: "Logout failed",
} as const;

const WITH_COOKIES: RequestInit = { credentials: "include" };

export async function login(http: Http, request: LoginRequest): Promise<LoginReply> {
  let response: Response;
  try {
    response = await http.post("/api/auth/login", request, WITH_COOKIES);
  } catch {
    throw new Error(AUTH_MESSAGES.loginFailed);
  }
  const body = await jsonOrNull<LoginReply & { error?: string }>(response);
  if (!response.ok || body === null) {
    return { user: null, error: body?.error || AUTH_MESSAGES.authenticationFailed, requiresSignature: false };
  }
  return body;
}

export async function signup(http: Http, request: SignupRequest): Promise<{ user: UserDto | null; error: string | null }> {
  let response: Response;
  try {
    response = await http.post("/api/auth/signup", request, WITH_COOKIES);
  } catch {
    throw new Error(AUTH_MESSAGES.signupFailed);
  }
  const body = await jsonOrNull<{ user?: UserDto; error?: string }>(response);
  if (!response.ok || !body?.user) return { user: null, error: body?.error || AUTH_MESSAGES.signupFailed };
  return { user: body.user, error: null };
}

export async function logout(http: Http): Promise<void> {
  let response: Response;
  try {
    response = await http.post("/api/auth/logout", {}, WITH_COOKIES);
  } catch {
    throw new Error(AUTH_MESSAGES.logoutFailed);
  }
  if (!response.ok) throw new Error(AUTH_MESSAGES.logoutFailed);
}

/** The signed-in user of the session cookie, or null. */
export async function fetchCurrentUser(http: Http): Promise<UserDto | null> {
  const response = await http.get("/api/auth/user", undefined, WITH_COOKIES);
  if (!response.ok) throw new Error(`Failed to fetch user: ${response.statusText}`);
  return ((await response.json()) as { user: UserDto | null }).user;
}
