// Emissions the account can claim now (the SDK's pending-emissions math), and the claim: the SDK's withdraw-emissions
// instructions for every rewarding bank, sent through the SDK's send flow with the user's broadcast settings.
import { useQuery } from "@tanstack/react-query";
import { PublicKey } from "@solana/web3.js";
import { errorMessage, sendInstructions, walletKey } from "@ballast/sdk";
import { useState } from "react";
import { useActionContext } from "../../chain/action-context.js";
import { formatTokenAmount, shortenAddress } from "../../format/index.js";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { useMarketBanks } from "../../queries/index.js";
import { useRefreshAfterAction } from "../../queries/refresh.js";
import { Button, Card, CardBody, CardHeader, Skeleton, useToast } from "../../ui/index.js";
import { claimEmissionsInstructions, loadRewardMints } from "./claim-emissions.js";
import type { RewardView } from "./portfolio-model.js";

export function ClaimRewards({ account, rewards }: { readonly account: string; readonly rewards: readonly RewardView[] }) {
  const { market, config, connection } = useSelectedMarket();
  const context = useActionContext();
  const refresh = useRefreshAfterAction();
  const { toast } = useToast();
  const banks = useMarketBanks();
  const [claiming, setClaiming] = useState(false);
  const mintKeys = [...new Set(rewards.map((r) => r.emissionsMint))].sort();
  const mints = useQuery({
    queryKey: ["reward-mints", market.group, mintKeys],
    queryFn: () => loadRewardMints(connection, mintKeys),
    enabled: mintKeys.length > 0,
    staleTime: Infinity,
  });
  if (rewards.length === 0) return null;

  const symbolOf = (mint: string) =>
    config.tokens.find((t) => t.mint === mint)?.symbol ?? banks.data?.find((b) => b.mint === mint)?.symbol ?? shortenAddress(mint);

  async function claim() {
    if (!context || !mints.data) return;
    setClaiming(true);
    try {
      const instructions = claimEmissionsInstructions({
        group: new PublicKey(market.group),
        marginfiAccount: new PublicKey(account),
        authority: walletKey(context.wallet),
        programId: context.programId,
        rewards,
        mints: mints.data,
      });
      await sendInstructions(context, instructions);
      toast({ tone: "success", title: "Rewards claimed" });
      await refresh();
    } catch (error) {
      toast({ tone: "error", title: "Claim failed", description: errorMessage(error) ?? "Something went wrong" });
    } finally {
      setClaiming(false);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Rewards"
        description="You have rewards available for collection"
        action={
          <Button size="sm" busy={claiming} disabled={!context || !mints.data} onClick={claim}>
            Claim rewards
          </Button>
        }
      />
      <CardBody>
        {mints.isPending ? (
          <Skeleton className="h-6 w-40" />
        ) : mints.isError ? (
          <p className="text-sm text-danger">{mints.error.message}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Claimable rewards">
            {rewards.map((reward) => (
              <li key={reward.bank} className="tabular-nums">
                {formatTokenAmount(reward.claimable, mints.data.get(reward.emissionsMint)!.decimals)} {symbolOf(reward.emissionsMint)}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
