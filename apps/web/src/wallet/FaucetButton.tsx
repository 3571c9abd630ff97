// Test funds from the server's faucet (local chain only): shows what was granted or the server's refusal.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestFaucet, type FaucetReply } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { formatTokenAmount } from "../format/index.js";
import { queryKeys } from "../queries/keys.js";
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
  // Refusals and network failures come back as replies (requestFaucet), so the mutation itself settles on success.
  const grant = useMutation({
    mutationFn: () => requestFaucet(http, wallet),
    onSuccess: async (reply) => {
      if (reply.success) {
        toast({ tone: "success", title: "Test funds received", description: describeGrant(reply) });
        await client.invalidateQueries({ queryKey: queryKeys.allUserBalances() });
      } else {
        toast({ tone: "error", title: "Faucet refused", description: reply.error });
      }
    },
  });

  return (
    <Button variant="secondary" size="sm" className="w-full" busy={grant.isPending} onClick={() => grant.mutate()}>
      Get test tokens
    </Button>
  );
}
