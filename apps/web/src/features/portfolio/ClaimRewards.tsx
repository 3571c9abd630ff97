// Emissions the account can claim, growing on screen with the chain's clock (the SDK's pending-emissions math at the
// current chain time), and the claim: the SDK's withdraw-emissions instructions for every rewarding bank, sent under a
// staged transaction toast with the user's broadcast settings; once it lands, what it paid as the chain recorded it.
import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import { PublicKey } from "@solana/web3.js";
import { errorMessage, sendInstructions, walletKey, type ActionContext, type EmissionsBalance, type Market } from "@ballast/sdk";
import { useMemo } from "react";
import { useActionContext } from "../../chain/action-context.js";
import { formatTokenAmount, shortenAddress } from "../../format/index.js";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { queryKeys, useMarketBanks } from "../../queries/index.js";
import { useRefreshAfterAction } from "../../queries/refresh.js";
import { Button, Card, CardBody, CardHeader, Skeleton, useToast, type ToastInput } from "../../ui/index.js";
import { useTransactionToasts } from "../transactions/index.js";
import { useChainNow } from "./chain-clock.js";
import { claimEmissionsInstructions, claimedRewards, loadRewardMints, type RewardMint } from "./claim-emissions.js";
import { claimableRewards, type RewardView } from "./portfolio-model.js";
import { lastOf } from "@ballast/ledger";

/** The staged toast's title and its one step. */
const CLAIM_TITLE = "Rewards: claim";
const CLAIM_STEP = "Claim rewards";

/** A claim as the button started it: the rewards shown then, and the mints they pay in. */
interface Claim {
  readonly context: ActionContext;
  readonly rewards: readonly RewardView[];
  readonly rewardMints: ReadonlyMap<string, RewardMint>;
}

export function ClaimRewards({
  account,
  market,
  balances,
  readAt,
}: {
  readonly account: string;
  /** The market snapshot and the wall time (ms) it was read at. */
  readonly market: Market;
  readonly balances: readonly EmissionsBalance[];
  readonly readAt: number;
}) {
  const { market: selected, config, connection } = useSelectedMarket();
  const context = useActionContext();
  const refresh = useRefreshAfterAction();
  const transactions = useTransactionToasts();
  const { toast } = useToast();
  const banks = useMarketBanks();
  const now = useChainNow(market.now, readAt);
  const rewards = useMemo(() => claimableRewards(market, balances, now), [market, balances, now]);
  const mintKeys = useMemo(() => [...new Set(rewards.map((r) => r.emissionsMint))].sort(), [rewards]);
  const mints = useQuery({
    queryKey: queryKeys.rewardMints(selected.group, mintKeys),
    queryFn: mintKeys.length === 0 ? skipToken : () => loadRewardMints(connection, mintKeys),
    staleTime: Infinity,
  });

  const symbolOf = (mint: string) =>
    config.tokens.find((t) => t.mint === mint)?.symbol ?? banks.data?.find((b) => b.mint === mint)?.symbol ?? shortenAddress(mint);

  /** "Rewards claimed" with each mint's payout, or why the payout could not be read. */
  async function paidToast(
    signatures: readonly string[],
    owner: string,
    rewardMints: ReadonlyMap<string, RewardMint>,
  ): Promise<ToastInput> {
    try {
      const paid = await claimedRewards(connection, signatures, owner, new Set(rewardMints.keys()));
      const parts = [...paid].map(([mint, amount]) => `${formatTokenAmount(amount, rewardMints.get(mint)!.decimals)} ${symbolOf(mint)}`);
      return { tone: "success", title: "Rewards claimed", description: parts.join(", ") };
    } catch (error) {
      return {
        tone: "success",
        title: "Rewards claimed",
        description: `The amounts paid could not be read: ${errorMessage(error) ?? "Something went wrong"}`,
      };
    }
  }

  // The staged toast reports how it went; the button is busy until the first attempt ends (a Retry is the toast's).
  const claim = useMutation({
    mutationFn: ({ context, rewards: claimed, rewardMints }: Claim) =>
      transactions.run({
        title: CLAIM_TITLE,
        steps: [CLAIM_STEP],
        wallet: context.wallet,
        lendingProgramId: context.programId,
        send: (wallet) => {
          const instructions = claimEmissionsInstructions({
            group: new PublicKey(selected.group),
            marginfiAccount: new PublicKey(account),
            authority: walletKey(wallet),
            programId: context.programId,
            rewards: claimed,
            mints: rewardMints,
          });
          return sendInstructions({ ...context, wallet }, instructions);
        },
        signatureOf: (result) => lastOf(result.signatures),
        onConfirmed: async (result) => {
          toast(await paidToast(result.signatures, walletKey(context.wallet).toBase58(), rewardMints));
          await refresh();
        },
      }),
  });

  if (rewards.length === 0) return null;

  return (
    <Card>
      <CardHeader
        title="Rewards"
        description="You have rewards available for collection"
        action={
          <Button
            size="sm"
            busy={claim.isPending}
            disabled={!context || !mints.data}
            onClick={() => context && mints.data && claim.mutate({ context, rewards, rewardMints: mints.data })}
          >
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
