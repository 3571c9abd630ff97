// Points: the connected wallet's points by source and rank, its referral link, the estimated-valuation boost and the
// global leaderboard, as the server's points job stored them (apps/server/POINTS.md).
import { useAuth } from "../../auth/AuthProvider.js";
import { formatInteger } from "../../format/index.js";
import { useGlobalPoints, useWalletPoints } from "../../queries/index.js";
import { Button, Card, CardBody, CardHeader, EmptyState, Skeleton, Stat } from "../../ui/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { CopyButton } from "../bank/CopyButton.js";
import { BoostCard } from "./BoostCard.js";
import { Leaderboard } from "./Leaderboard.js";
import { formatPoints } from "./format.js";

/** The sign-up link carrying the user's referral code (`?ref=`, kept by the app until a signup uses it). */
export function referralLink(origin: string, code: string): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}

const pending = <Skeleton className="h-6 w-16" />;

function ReferralCard() {
  const { user, enabled, signIn, authenticating } = useAuth();
  const { address } = useWallet();
  if (!enabled) return null;
  const link = user ? referralLink(window.location.origin, user.referralCode) : null;
  return (
    <Card>
      <CardHeader
        title="Referral link"
        description="Earn 10% of the lending and borrowing points of every wallet that signs up with your link."
      />
      <CardBody>
        {link ? (
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 truncate rounded-lg border border-line bg-subtle px-3 py-2 text-sm" aria-label="Your referral link">
              {link}
            </code>
            <CopyButton text={link} label="Copy referral link" copied="Referral link copied" />
          </div>
        ) : address ? (
          <Button variant="secondary" busy={authenticating} onClick={() => void signIn()}>
            Sign in to get your link
          </Button>
        ) : (
          <p className="text-sm text-muted">Connect a wallet and sign in to get your referral link.</p>
        )}
      </CardBody>
    </Card>
  );
}

export default function PointsPage() {
  const { address } = useWallet();
  const global = useGlobalPoints();
  const mine = useWalletPoints(address);
  const own = (value: (p: NonNullable<typeof mine.data>) => string) => (!address ? "—" : mine.data ? value(mine.data) : pending);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Points</h1>
      <Card>
        <CardHeader title="Your points" description={address ? undefined : "Connect a wallet to see your points."} />
        <CardBody>
          {mine.isError ? (
            <p className="text-sm text-danger">{mine.error.message}</p>
          ) : (
            <dl className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-6" aria-label="Your points">
              <Stat label="Total points" value={own((p) => formatPoints(p.totalPoints))} />
              <Stat label="Global rank" value={own((p) => (p.rank === null ? "—" : `#${formatInteger(p.rank)}`))} />
              <Stat label="Deposit points" value={own((p) => formatPoints(p.lendingPoints))} />
              <Stat label="Borrow points" value={own((p) => formatPoints(p.borrowingPoints))} />
              <Stat label="Referral points" value={own((p) => formatPoints(p.referralPoints))} />
              <Stat label="Referrals" value={own((p) => formatInteger(p.referralCount))} />
            </dl>
          )}
        </CardBody>
      </Card>
      <ReferralCard />
      <BoostCard totalPoints={global.data ? global.data.totalPoints : null} />
      <Card>
        <CardHeader
          title="Leaderboard"
          description={
            global.data
              ? `${formatPoints(global.data.totalPoints)} points across ${formatInteger(global.data.wallets)} wallets${
                  global.data.updatedAt === null ? "" : ` · updated ${new Date(global.data.updatedAt * 1000).toLocaleString()}`
                }`
              : undefined
          }
        />
        {global.isPending ? (
          <Skeleton className="m-5 h-32" />
        ) : global.isError ? (
          <EmptyState title="Could not load points" description={global.error.message} />
        ) : global.data.leaderboard.length === 0 ? (
          <EmptyState title="No points earned yet" description="Points accrue for every dollar-day lent (1×) and borrowed (2×)." />
        ) : (
          <div className="pt-3">
            <Leaderboard entries={global.data.leaderboard} wallet={address} />
          </div>
        )}
      </Card>
    </div>
  );
}
