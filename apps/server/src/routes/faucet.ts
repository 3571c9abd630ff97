// Test funds for a wallet on the local chain: SOL and tokens from the faucet the launcher gave the server, at most
// one grant per wallet per cooldown, however many servers share the database.
import type { FaucetSuccess } from "@ballast/sdk";
import { z } from "zod";
import type { RouteModule } from "../app.js";
import { forbidden, tooManyRequests, upstreamError } from "../errors.js";
import { claimFaucetGrant, completeFaucetGrant, releaseFaucetGrant } from "../faucet-claims.js";
import { RATE_LIMIT_ERRORS, takeOrRefuse } from "../rate-limit.js";
import { addressSchema } from "./accounts.js";

export const FAUCET_ERRORS = {
  unavailable: "The faucet is only available on the local chain",
  cooldown: (seconds: number) => `Faucet already used by this wallet; try again in ${seconds} s`,
} as const;

export const faucetRoutes: RouteModule = (app, ctx) => {
  app.post(
    "/api/faucet",
    {
      schema: {
        summary: "Send a wallet test SOL and tokens (local chain only)",
        description:
          "Answers { success: true, signature, lamports, tokens: [{ mint, symbol, decimals, amount }] } (amounts in native units, " +
          "as decimal strings) once the grant landed. 403 off the local chain; 429 when the wallet had a grant within the " +
          `cooldown (FAUCET_COOLDOWN_SECONDS, default 60), or when the client address had FAUCET_CLIENT_LIMIT grants (default 5) ` +
          "within FAUCET_CLIENT_WINDOW_SECONDS (default 3600), with Retry-After; 502 when the faucet could not pay.",
        tags: ["faucet"],
        body: z.object({ wallet: addressSchema.describe("The wallet to fund (base58)") }),
      },
    },
    async (request, reply): Promise<FaucetSuccess> => {
      const faucet = ctx.faucet;
      if (!faucet) throw forbidden(FAUCET_ERRORS.unavailable);
      const { wallet } = request.body;
      // The client's share is taken first and given back unless a grant is paid, so only grants count against it.
      takeOrRefuse(ctx.limits.faucet, request.ip, reply, RATE_LIMIT_ERRORS.faucet);
      let paid = false;
      try {
        const claim = await claimFaucetGrant(ctx.db, wallet, ctx.now(), ctx.config.faucetCooldownSeconds);
        if (!claim.granted) {
          reply.header("retry-after", String(claim.retryAfter));
          throw tooManyRequests(FAUCET_ERRORS.cooldown(claim.retryAfter));
        }
        let grant;
        try {
          grant = await faucet.fund(wallet);
        } catch (error) {
          await releaseFaucetGrant(ctx.db, wallet, claim.claimedAt);
          throw upstreamError(error instanceof Error && error.message ? error.message : `The faucet failed: ${String(error)}`);
        }
        paid = true;
        await completeFaucetGrant(ctx.db, wallet, claim.claimedAt);
        return { success: true as const, ...grant };
      } finally {
        if (!paid) ctx.limits.faucet.giveBack(request.ip);
      }
    },
  );
};
