// Test funds from the server's faucet (local chain only): shows what was granted or the server's refusal.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { requestFaucet, type FaucetReply } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { formatTokenAmount } from "../format/index.js";
import { Button, useToast } from "../ui/index.js";

const SOL_DECIMALS = 9;

/** "2 SOL, 1,000 USDC" — what a faucet grant gave. */
export function describeGrant(reply: Extract<FaucetReply, { success: true }>): string {
  const parts = [`${formatTokenAmount(BigInt(reply.lamports), SOL_DECIMALS)} SOL`];
  for (const token of reply.tokens) parts.push(`${formatTokenAmount(BigInt(token.amount), token.decimals)} ${token.symbol}`);
  return parts.join(", ");
}

export function FaucetButton({ wallet }: { readonly wallet: string }) {
  const http = useHttp();
  const client = useQueryClient();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    setBusy(true);
    try {
      const reply = await requestFaucet(http, wallet);
      if (reply.success) {
        toast({ tone: "success", title: "Test funds received", description: describeGrant(reply) });
        await client.invalidateQueries({ queryKey: ["user-balances"] });
      } else {
        toast({ tone: "error", title: "Faucet refused", description: reply.error });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" size="sm" className="w-full" busy={busy} onClick={onClick}>
      Get test tokens
    </Button>
  );
}
