// The signed-in user and the sign-in flags of spec §4: authenticating, awaiting signature, signature denied.
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { AUTH_MESSAGES, fetchCurrentUser, login, logout, signup, type UserDto } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { queryKeys } from "../queries/keys.js";
import { useWallet } from "../wallet/WalletProvider.js";
import { captureReferralCode, clearReferralCode, pendingReferralCode } from "./referral.js";
import { signIn as runSignIn } from "./sign-in.js";

export interface AuthContextValue {
  /** Whether the server requires sign-in at all (AUTH_ENABLED). */
  readonly enabled: boolean;
  /** The signed-in user of the connected wallet, or null. */
  readonly user: UserDto | null;
  readonly authenticating: boolean;
  readonly awaitingSignature: boolean;
  readonly signatureDenied: boolean;
  readonly error: string | null;
  /** The ?ref= code the server did not know (already forgotten here); sign-in can go on without it. */
  readonly unknownReferralCode: string | null;
  readonly signIn: () => Promise<UserDto | null>;
  /** Signs in again, now with no referral code. */
  readonly continueWithoutReferral: () => Promise<UserDto | null>;
  readonly signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ enabled, children }: { readonly enabled: boolean; readonly children: ReactNode }) {
  const http = useHttp();
  const client = useQueryClient();
  const { wallet, address, signMessage } = useWallet();
  const [authenticating, setAuthenticating] = useState(false);
  const [awaitingSignature, setAwaitingSignature] = useState(false);
  // A failure belongs to the wallet address it happened with: another account starts clean.
  const [failure, setFailure] = useState<{
    readonly address: string | null;
    readonly error: string;
    readonly signatureDenied: boolean;
    readonly unknownReferralCode?: string;
  } | null>(null);
  const current = failure && failure.address === address ? failure : null;
  const error = current?.error ?? null;
  const signatureDenied = current?.signatureDenied ?? false;
  const unknownReferralCode = current?.unknownReferralCode ?? null;

  useEffect(() => captureReferralCode(globalThis.location?.search ?? ""), []);

  const session = useQuery({
    queryKey: queryKeys.currentUser(),
    queryFn: enabled && address !== null ? () => fetchCurrentUser(http) : skipToken,
    staleTime: Infinity,
    retry: 1,
  });
  // A session of another wallet does not count as this wallet's sign-in.
  const user = session.data && session.data.walletAddress === address ? session.data : null;

  const signIn = useCallback(async () => {
    setAuthenticating(true);
    setFailure(null);
    const referralCode = pendingReferralCode();
    try {
      const result = await runSignIn({
        walletAddress: address,
        walletId: wallet?.id ?? null,
        login: (request) => login(http, request),
        signup: (request) => signup(http, request),
        signMessage: wallet?.signMessage ? signMessage : null,
        referralCode,
        onAwaitingSignature: setAwaitingSignature,
      });
      if ("error" in result) {
        // An unknown code would be refused on every retry: forget it and let the user go on without it.
        const refused = referralCode !== null && result.error === AUTH_MESSAGES.unknownReferralCode;
        if (refused) clearReferralCode();
        setFailure({
          address,
          error: refused ? `The referral code ${referralCode} is unknown` : result.error,
          signatureDenied: result.signatureDenied,
          ...(refused ? { unknownReferralCode: referralCode } : {}),
        });
        return null;
      }
      if (result.signedUp) clearReferralCode();
      client.setQueryData(queryKeys.currentUser(), result.user);
      return result.user;
    } finally {
      setAuthenticating(false);
    }
  }, [address, wallet, http, signMessage, client]);

  const continueWithoutReferral = useCallback(() => {
    clearReferralCode();
    return signIn();
  }, [signIn]);

  const signOut = useCallback(async () => {
    // The local user record goes whatever the server answers.
    client.setQueryData(queryKeys.currentUser(), null);
    setFailure(null);
    try {
      await logout(http);
    } catch {
      setFailure({ address, error: AUTH_MESSAGES.logoutFailed, signatureDenied: false });
    }
  }, [client, http, address]);

  const value = useMemo<AuthContextValue>(
    () => ({
      enabled,
      user,
      authenticating,
      awaitingSignature,
      signatureDenied,
      error,
      unknownReferralCode,
      signIn,
      continueWithoutReferral,
      signOut,
    }),
    [
      enabled,
      user,
      authenticating,
      awaitingSignature,
      signatureDenied,
      error,
      unknownReferralCode,
      signIn,
      continueWithoutReferral,
      signOut,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be under AuthProvider");
  return value;
}
