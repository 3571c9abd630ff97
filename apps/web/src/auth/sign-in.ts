// The sign-in flow of spec §4: log in with the wallet alone; if the server asks for a signature, sign its message and
// log in again; an unknown wallet ("User not found") signs up with the same signature and the pending referral code.
import bs58 from "bs58";
import { AUTH_MESSAGES, type LoginReply, type LoginRequest, type SignupRequest, type UserDto } from "../api/index.js";

export interface SignInSteps {
  readonly walletAddress: string | null;
  readonly walletId: string | null;
  readonly login: (request: LoginRequest) => Promise<LoginReply>;
  readonly signup: (request: SignupRequest) => Promise<{ user: UserDto | null; error: string | null }>;
  /** Signs with the wallet; absent when the wallet cannot sign messages. */
  readonly signMessage: ((message: Uint8Array) => Promise<Uint8Array>) | null;
  readonly referralCode: string | null;
  /** Told when the wallet prompt opens and closes. */
  readonly onAwaitingSignature: (waiting: boolean) => void;
}

export type SignInResult =
  { readonly user: UserDto; readonly signedUp: boolean } | { readonly error: string; readonly signatureDenied: boolean };

const DENIED = /rejected|declined|denied|closed|cancelled/i;

/** Whether a wallet's error means the user refused to sign (spec §4). */
function isSignatureDenied(message: string): boolean {
  return DENIED.test(message);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : AUTH_MESSAGES.unexpected;
}

export async function signIn(steps: SignInSteps): Promise<SignInResult> {
  const { walletAddress, walletId } = steps;
  if (!walletAddress) return { error: AUTH_MESSAGES.walletNotConnected, signatureDenied: false };
  let signed: { signature: string; signedMessage: string } | null = null;
  try {
    let reply = await steps.login({ walletAddress, walletId });
    if (reply.requiresSignature) {
      if (!steps.signMessage) return { error: AUTH_MESSAGES.noMessageSigning, signatureDenied: false };
      const message = reply.message ?? "";
      steps.onAwaitingSignature(true);
      let signature: Uint8Array;
      try {
        signature = await steps.signMessage(new TextEncoder().encode(message));
      } catch (error) {
        const text = messageOf(error);
        return { error: text, signatureDenied: isSignatureDenied(text) };
      } finally {
        steps.onAwaitingSignature(false);
      }
      signed = { signature: bs58.encode(signature), signedMessage: message };
      reply = await steps.login({ walletAddress, walletId, ...signed });
    }
    if (reply.user) return { user: reply.user, signedUp: false };
    if (reply.error !== AUTH_MESSAGES.userNotFound)
      return { error: reply.error || AUTH_MESSAGES.authenticationFailed, signatureDenied: false };
    const created = await steps.signup({ walletAddress, walletId, ...signed, referralCode: steps.referralCode });
    if (created.user) return { user: created.user, signedUp: true };
    return { error: created.error || AUTH_MESSAGES.signupFailed, signatureDenied: false };
  } catch (error) {
    return { error: messageOf(error), signatureDenied: false };
  }
}
