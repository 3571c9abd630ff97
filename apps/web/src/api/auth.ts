// Sign-in calls (spec §4, §7, §8). The server answers a login without signature with a one-time message to sign;
// the session lives in an HTTP-only cookie, so every call sends credentials.
import type { CurrentUserReply, LoginReply, LoginRequest, SignupReply, SignupRequest, UserDto } from "@ballast/sdk";
import { Http, jsonOrNull, type ErrorBody } from "./http.js";

export type { LoginReply, LoginRequest, SignupRequest, UserDto } from "@ballast/sdk";

export const AUTH_MESSAGES = {
  walletNotConnected: "Wallet not connected",
  noMessageSigning: "Wallet does not support message signing",
  authenticationFailed: "Authentication failed",
  userNotFound: "User not found",
  /** The server's refusal of a sign-up with a referral code no user has. */
  unknownReferralCode: "Unknown referral code",
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
  const body = await jsonOrNull<LoginReply | ErrorBody>(response);
  if (!response.ok || body === null) {
    return { user: null, error: body?.error || AUTH_MESSAGES.authenticationFailed, requiresSignature: false };
  }
  return body as LoginReply;
}

export async function signup(http: Http, request: SignupRequest): Promise<{ user: UserDto | null; error: string | null }> {
  let response: Response;
  try {
    response = await http.post("/api/auth/signup", request, WITH_COOKIES);
  } catch {
    throw new Error(AUTH_MESSAGES.signupFailed);
  }
  const body = await jsonOrNull<SignupReply | ErrorBody>(response);
  if (response.ok && body && "user" in body && body.user) return { user: body.user, error: null };
  const error = body && "error" in body ? body.error : undefined;
  return { user: null, error: error || AUTH_MESSAGES.signupFailed };
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
  return ((await response.json()) as CurrentUserReply).user;
}
