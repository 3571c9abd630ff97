// Account labels (spec 000 §5, §7): names a margin account's authority gives it, proven by a signature over the
// account, label and a one-time server nonce (see auth/account-labels.ts for the two signed forms, and
// auth/label-nonces.ts) and checked against the account on chain.
import { decodeMarginfiAccount } from "@ballast/protocol";
import type { AccountLabelsReply, AddAccountLabelReply, LabelNonceReply } from "@ballast/sdk";
import { PublicKey, type AccountInfo } from "@solana/web3.js";
import { z } from "zod";
import type { RouteModule } from "../app.js";
import { verifySignedLabel } from "../auth/account-labels.js";
import { consumeLabelNonce, issueLabelNonce } from "../auth/label-nonces.js";
import { isPublicKeyAddress } from "../auth/signatures.js";
import { forbidden, notFound, upstreamError } from "../errors.js";
import { RATE_LIMIT_ERRORS, takeOrRefuse } from "../rate-limit.js";

export const LABEL_ROUTE_ERRORS = {
  accountNotFound: "Account not found",
  notAuthority: "Only the account's authority can label it",
  ledger: "Failed to fetch the account from the ledger",
} as const;

const walletAddress = z.string().refine(isPublicKeyAddress, "must be a base58-encoded 32-byte public key");

export const labelRoutes: RouteModule = (app, ctx) => {
  /** The authority of a margin account of one of this server's markets, or null when the address holds none. */
  async function authorityOf(account: string): Promise<string | null> {
    let info: AccountInfo<Buffer> | null;
    try {
      info = await ctx.connection.getAccountInfo(new PublicKey(account));
    } catch (error) {
      throw upstreamError(LABEL_ROUTE_ERRORS.ledger, { account, cause: error instanceof Error ? error.message : String(error) });
    }
    if (!info || info.owner.toBase58() !== ctx.config.programId) return null;
    try {
      const decoded = decodeMarginfiAccount(info.data);
      return ctx.markets.serves(decoded.group) ? decoded.authority : null;
    } catch {
      return null;
    }
  }

  app.get(
    "/api/account-label/get",
    {
      schema: {
        summary: "Labels of a wallet's accounts",
        description: "Every labelled margin account whose authority (when labelled) is the wallet: `data` maps account to label.",
        tags: ["labels"],
        querystring: z.object({ wallet_address: walletAddress }),
      },
    },
    async (request): Promise<AccountLabelsReply> => {
      const rows = await ctx.db
        .selectFrom("account_labels")
        .select(["account", "label"])
        .where("authority", "=", request.query.wallet_address)
        .orderBy("account")
        .execute();
      return { data: Object.fromEntries(rows.map((row) => [row.account, row.label])) };
    },
  );

  app.post(
    "/api/account-label/nonce",
    {
      schema: {
        summary: "A one-time nonce to sign a label with",
        description:
          "Issues a nonce for the account, good for one label until `expiresAt` (unix seconds). The signed payload of " +
          "/api/account-label/add is the JSON {account, label, nonce}. Counts as a challenge against the client's " +
          "CHALLENGE_RATE_LIMIT (429 with Retry-After past it).",
        tags: ["labels"],
        body: z.object({ account: walletAddress }),
      },
    },
    async (request, reply): Promise<LabelNonceReply> => {
      takeOrRefuse(ctx.limits.challenges, request.ip, reply, RATE_LIMIT_ERRORS.labelNonces);
      return issueLabelNonce(ctx, request.body.account);
    },
  );

  app.post(
    "/api/account-label/add",
    {
      schema: {
        summary: "Label a margin account",
        description:
          'signingMethod "tx": `signedData` is a base64 signed, unsent transaction (legacy or v0) with one memo ' +
          'instruction holding the JSON {account, label, nonce}, signed by its fee payer. signingMethod "message": ' +
          "`signedData` is the JSON text {data, signature, signer}, `data` being the signed JSON text {account, label, " +
          "nonce} (or that object, signed as JSON.stringify(data)), `signature` base58 or padded base64. The signer must " +
          "be the account's authority; the label is trimmed, 1 to 24 characters; the nonce is one from " +
          "/api/account-label/nonce for this account, unused and unexpired (each signature labels once).",
        tags: ["labels"],
        body: z.object({ signedData: z.string().min(1).max(16_384), signingMethod: z.enum(["tx", "message"]) }),
      },
    },
    async (request): Promise<AddAccountLabelReply> => {
      const { account, label, nonce, signer } = verifySignedLabel(request.body.signedData, request.body.signingMethod);
      const authority = await authorityOf(account);
      if (authority === null) throw notFound(LABEL_ROUTE_ERRORS.accountNotFound);
      if (authority !== signer) throw forbidden(LABEL_ROUTE_ERRORS.notAuthority);
      await consumeLabelNonce(ctx, account, nonce);
      await ctx.db
        .insertInto("account_labels")
        .values({ account, authority, label, updated_at: ctx.now() })
        .onConflict((oc) => oc.column("account").doUpdateSet({ authority, label, updated_at: ctx.now() }))
        .execute();
      return { success: true, account, label };
    },
  );
};
