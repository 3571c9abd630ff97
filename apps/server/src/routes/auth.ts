// Wallet sign-in (spec 000 §4, §7). With auth enabled a login proves wallet ownership by signing a message the
// server issued (one-time nonce, expiring); with AUTH_ENABLED='false' the wallet address alone signs in and signs up.
// Signatures are accepted in base58 or standard padded base64.
import type { CurrentUserReply, LoginReply, LogoutReply, SignupReply } from "@ballast/sdk";
import { z } from "zod";
import type { RouteModule } from "../app.js";
import { consumeNonce, issueChallenge, verifySignIn } from "../auth/sign-in.js";
import { endSession, sessionToken, sessionWallet, startSession } from "../auth/sessions.js";
import { isPublicKeyAddress, signatureBytes } from "../auth/signatures.js";
import { createUser, findUser, recordLogin, referrerOf, toUserDto } from "../auth/users.js";
import { HttpError } from "../errors.js";
import { RATE_LIMIT_ERRORS, takeOrRefuse } from "../rate-limit.js";

export const AUTH_ERRORS = {
  userNotFound: "User not found",
  userExists: "User already exists",
  unknownReferralCode: "Unknown referral code",
} as const;

const walletAddress = z.string().refine(isPublicKeyAddress, "must be a base58-encoded 32-byte public key");
const walletId = z.string().trim().max(100).nullish();
const signature = z
  .string()
  .max(200)
  .refine((value) => signatureBytes(value) !== null, "must be a 64-byte Ed25519 signature in base58 or padded base64");
const signedMessage = z.string().min(1).max(2000);

const loginBody = z
  .object({ walletAddress, walletId, signature: signature.nullish(), signedMessage: signedMessage.nullish() })
  .superRefine((body, issues) => {
    if (!body.signature !== !body.signedMessage) {
      issues.addIssue({
        code: "custom",
        path: [body.signature ? "signedMessage" : "signature"],
        message: "signature and signedMessage must be sent together",
      });
    }
  });

export const authRoutes: RouteModule = (app, ctx) => {
  const authEnabled = ctx.config.authEnabled;
  const signupBody = z.object({
    walletAddress,
    walletId,
    signature: authEnabled ? signature : signature.nullish(),
    signedMessage: authEnabled ? signedMessage : signedMessage.nullish(),
    referralCode: z.string().max(64).nullish(),
  });

  app.post(
    "/api/auth/login",
    {
      schema: {
        summary: "Sign in with a wallet",
        description:
          "Without a signature (auth enabled) replies requiresSignature with a one-time `message` to sign (its `nonce`, " +
          "and `expiresAt` in unix seconds); a client address gets at most CHALLENGE_RATE_LIMIT (default 30) per " +
          "CHALLENGE_RATE_WINDOW_SECONDS (default 60), then 429 with Retry-After. With `signature` (base58 or padded base64 of the Ed25519 signMessage of " +
          "`signedMessage`) signs the user in and sets the `ballast_session` cookie; an unknown wallet gets the error " +
          '"User not found" and its signed message stays usable for signup. With auth disabled the wallet alone signs in.',
        tags: ["auth"],
        body: loginBody,
      },
    },
    async (request, reply): Promise<LoginReply> => {
      const body = request.body;
      if (authEnabled) {
        if (!body.signature || !body.signedMessage) {
          takeOrRefuse(ctx.limits.challenges, request.ip, reply, RATE_LIMIT_ERRORS.challenges);
          const challenge = await issueChallenge(ctx, body.walletAddress);
          return { user: null, error: null, requiresSignature: true, ...challenge };
        }
        const nonce = await verifySignIn(ctx, body.walletAddress, body.signature, body.signedMessage);
        // An unknown wallet keeps its nonce: the client signs up with the same signature.
        if (!(await findUser(ctx.db, body.walletAddress))) return { user: null, error: AUTH_ERRORS.userNotFound, requiresSignature: false };
        await consumeNonce(ctx, body.walletAddress, nonce);
      }
      const user = await recordLogin(ctx, body.walletAddress, body.walletId ?? null);
      if (!user) return { user: null, error: AUTH_ERRORS.userNotFound, requiresSignature: false };
      await startSession(ctx, reply, user.walletAddress);
      return { user, error: null, requiresSignature: false };
    },
  );

  app.post(
    "/api/auth/signup",
    {
      schema: {
        summary: "Create the user of a wallet",
        description:
          "Verifies the signed sign-in message like login (auth enabled), creates the user with a fresh referral code " +
          "(referredBy = the owner of `referralCode`, if given) and sets the `ballast_session` cookie. An unknown " +
          '`referralCode` replies `{ user: null, error: "Unknown referral code" }` and leaves the signed message usable.',
        tags: ["auth"],
        body: signupBody,
      },
    },
    async (request, reply): Promise<SignupReply> => {
      const body = request.body;
      const nonce =
        authEnabled && body.signature && body.signedMessage
          ? await verifySignIn(ctx, body.walletAddress, body.signature, body.signedMessage)
          : null;
      const referralCode = body.referralCode?.trim();
      const referredBy = referralCode ? await referrerOf(ctx.db, referralCode) : null;
      if (referralCode && !referredBy) return { user: null, error: AUTH_ERRORS.unknownReferralCode };
      // Checked before the nonce is spent, so the client can still log in with the same signature.
      if (await findUser(ctx.db, body.walletAddress)) throw new HttpError(409, AUTH_ERRORS.userExists);
      if (nonce) await consumeNonce(ctx, body.walletAddress, nonce);
      const user = await createUser(ctx, { walletAddress: body.walletAddress, walletId: body.walletId ?? null, referredBy });
      if (!user) throw new HttpError(409, AUTH_ERRORS.userExists);
      await startSession(ctx, reply, user.walletAddress);
      return { user };
    },
  );

  app.post(
    "/api/auth/logout",
    { schema: { summary: "Sign out", description: "Ends the cookie's session and clears the cookie.", tags: ["auth"] } },
    async (request, reply): Promise<LogoutReply> => {
      await endSession(ctx, reply, sessionToken(request));
      return { success: true };
    },
  );

  app.get(
    "/api/auth/user",
    {
      schema: {
        summary: "The signed-in user",
        // An anonymous visitor is the normal state, not an error: no session answers 200 with a null user.
        description: "The user of the `ballast_session` cookie, or `{ user: null }` without a live session.",
        tags: ["auth"],
      },
    },
    async (request): Promise<CurrentUserReply> => {
      const token = sessionToken(request);
      const wallet = token ? await sessionWallet(ctx, token) : null;
      const user = wallet ? await findUser(ctx.db, wallet) : undefined;
      return { user: user ? toUserDto(user) : null };
    },
  );
};
