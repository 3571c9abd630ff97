// Loop: a leveraged deposit in one transaction. The user picks the collateral, a borrow bank it can be looped against
// (e-mode pairs marked), the principal from the wallet and a leverage up to the pair's max; the SDK plans the flash
// loan (borrow → swap → deposit) and previews the account after it; "Loop" signs and sends that plan under the
// staged transaction toast.
import { lastOf } from "@ballast/ledger";
import { isKaminoBank, maxDeposit, sendSwapFlow, walletFunds, type Market, type PricedBank, type SwapFlowPlan } from "@ballast/sdk";
import { PublicKey } from "@solana/web3.js";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import type { TokenInfo } from "../../api/index.js";
import { ROUTES } from "../../app/routes.js";
import { useActionContext } from "../../chain/action-context.js";
import { formatLeverage, formatPercent, formatPositionAmount, formatPrice, shortenAddress } from "../../format/index.js";
import { useAppConfig } from "../../market/MarketProvider.js";
import { useChainAccount, useMarket, useMarketBanks, useRefreshAfterAction, useUserBalances } from "../../queries/index.js";
import { Badge, Button, Card, CardBody, CardHeader, EmptyState, Input, Skeleton, cn } from "../../ui/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { readAmount, textFromAmount } from "../action-box/amount.js";
import { actionErrors } from "../action-box/checks.js";
import { accountOf } from "../action-box/model.js";
import { HEALTH_BAND_TONES } from "../risk/health-band-view.js";
import { ApyBreakdown } from "../markets/ApyBreakdown.js";
import { PROVIDER_KAMINO } from "../markets/bank-rows.js";
import {
  PriceImpactNotice,
  SwapDetails,
  formatSwapAmount,
  priceImpactAccepted,
  useDebounced,
  useSwapFlowPlan,
  swapFlowInputsKey,
  useSwapSlippageBps,
  type SwapFlowInputs,
} from "../swap/index.js";
import { useTransactionToasts } from "../transactions/index.js";
import { loopPreviewView, type LoopPreviewView } from "./loop-preview.js";
import {
  MIN_LEVERAGE_HUNDREDTHS,
  clampLeverage,
  formatLeverageHundredths,
  leverageText,
  loopCollaterals,
  loopPairsFor,
  type LoopPair,
} from "./loop-pairs.js";

/** The slider's starting leverage, in hundredths. */
const DEFAULT_LEVERAGE_HUNDREDTHS = 200;

/** How a bank is named in the pickers: its symbol, and the provider for a bank of the third-party market. */
function bankNamer(dtos: readonly { bank_address: string; symbol: string }[] | undefined, tokens: readonly TokenInfo[]) {
  return (bank: PricedBank): string => {
    const symbol =
      dtos?.find((d) => d.bank_address === bank.address)?.symbol ||
      tokens.find((t) => t.mint === bank.bank.mint)?.symbol ||
      shortenAddress(bank.bank.mint);
    return isKaminoBank(bank.bank) ? `${symbol} (${PROVIDER_KAMINO})` : symbol;
  };
}

type AmountEntry = { readonly kind: "typed"; readonly text: string } | { readonly kind: "max" };

/** A loop that landed, as the screen shows it until the user starts another. */
interface Landed {
  readonly summary: string;
  readonly signature: string;
}

const TONE_TEXT = { success: "text-success", warning: "text-warning", danger: "text-danger" } as const;

function PreviewRow({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1" data-preview={label}>
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function LoopPreview({
  view,
  collateral,
  liability,
  updating,
}: {
  readonly view: LoopPreviewView;
  readonly collateral: { readonly name: string; readonly decimals: number };
  readonly liability: { readonly name: string; readonly decimals: number };
  readonly updating: boolean;
}) {
  return (
    <dl
      aria-label="Loop preview"
      aria-busy={updating || undefined}
      className={cn("flex flex-col divide-y divide-line rounded-xl border border-line px-3 py-1 text-sm", updating && "opacity-60")}
    >
      <PreviewRow label="Deposited">
        {formatPositionAmount(view.deposited, collateral.decimals)} {collateral.name}
      </PreviewRow>
      <PreviewRow label="Borrowed">
        {formatPositionAmount(view.borrowed, liability.decimals)} {liability.name}
      </PreviewRow>
      <PreviewRow label="Leverage">{view.leverage === null ? "—" : formatLeverage(view.leverage)}</PreviewRow>
      <PreviewRow label="Health">
        <span className={TONE_TEXT[HEALTH_BAND_TONES[view.band]]}>{formatPercent(view.health)}</span>
      </PreviewRow>
      <PreviewRow label="Liquidation price">
        {view.liquidationPrice === null || view.liquidationPrice <= 0.01 ? "—" : formatPrice(view.liquidationPrice)}
      </PreviewRow>
      <PreviewRow label="Net APY">
        {view.netApy === null ? "—" : <ApyBreakdown apy={view.netApy} label="Net APY after the loop" testId="loop-net-apy" />}
      </PreviewRow>
    </dl>
  );
}

function Picker({
  label,
  value,
  options,
  onChange,
}: {
  readonly label: string;
  readonly value: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="focus-ring h-10 w-full min-w-0 truncate rounded-lg border border-line bg-surface px-3 text-sm text-fg"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function LeverageSlider({
  pair,
  hundredths,
  onChange,
}: {
  readonly pair: LoopPair;
  readonly hundredths: number;
  readonly onChange: (hundredths: number) => void;
}) {
  const id = useId();
  const max = pair.maxLeverageHundredths;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          Leverage
        </label>
        <output htmlFor={id} className="text-sm font-semibold tabular-nums" aria-label="Chosen leverage">
          {formatLeverageHundredths(hundredths)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={MIN_LEVERAGE_HUNDREDTHS / 100}
        max={max / 100}
        step={0.01}
        value={hundredths / 100}
        aria-valuetext={formatLeverageHundredths(hundredths)}
        onChange={(event) => onChange(Math.round(Number(event.target.value) * 100))}
        className="w-full accent-accent"
      />
      <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span>{formatLeverageHundredths(MIN_LEVERAGE_HUNDREDTHS)}</span>
        <span className="flex items-center gap-1.5" data-testid="max-leverage">
          Max {formatLeverageHundredths(max)}
          {pair.emode && (
            <Badge tone="accent" title="Borrowing this bank raises the collateral's weight (e-mode)">
              e-mode
            </Badge>
          )}
        </span>
      </p>
    </div>
  );
}

function LoopForm({ market }: { readonly market: Market }) {
  const config = useAppConfig();
  const dtos = useMarketBanks().data;
  const { address } = useWallet();
  const balances = useUserBalances();
  const { selectedAccount, setSelectedAccount } = useSelectedAccount();
  const chainAccount = useChainAccount(selectedAccount);
  const context = useActionContext();
  const toasts = useTransactionToasts();
  const refresh = useRefreshAfterAction();
  const slippageBps = useSwapSlippageBps();

  const nameOf = useMemo(() => bankNamer(dtos, config.tokens), [dtos, config.tokens]);
  const collaterals = useMemo(() => loopCollaterals(market), [market]);
  const [collateralChoice, setCollateralChoice] = useState<string | null>(null);
  const collateral = collaterals.find((b) => b.address === collateralChoice) ?? collaterals[0] ?? null;
  const pairs = useMemo(() => (collateral ? loopPairsFor(market, collateral) : []), [market, collateral]);
  const [liabilityChoice, setLiabilityChoice] = useState<string | null>(null);
  const pair = pairs.find((p) => p.liability.address === liabilityChoice) ?? pairs[0] ?? null;
  const [entry, setEntry] = useState<AmountEntry>({ kind: "typed", text: "" });
  const [leverageChoice, setLeverageChoice] = useState(DEFAULT_LEVERAGE_HUNDREDTHS);
  const leverage = pair ? clampLeverage(leverageChoice, pair.maxLeverageHundredths) : leverageChoice;
  const [newAccount, setNewAccount] = useState(false);
  const [acceptedImpact, setAcceptedImpact] = useState(false);
  const [landed, setLanded] = useState<Landed | null>(null);

  // The loop goes into the selected account unless the user asks for a new one (or has none yet).
  const intoAccount = selectedAccount !== null && !newAccount ? selectedAccount : null;
  const accountData = intoAccount !== null ? chainAccount.data?.account : undefined;
  const accountBalances = accountData?.lendingAccount.balances ?? null;
  const risk = useMemo(() => accountOf(market, accountBalances), [market, accountBalances]);

  const collateralName = collateral ? nameOf(collateral) : "";
  const liabilityName = pair ? nameOf(pair.liability) : "";
  const funds = address && balances.data && collateral ? walletFunds(balances.data, collateral.bank.mint) : null;
  const max = collateral && funds ? maxDeposit(collateral, funds) : 0n;
  const text = entry.kind === "max" && collateral ? textFromAmount(max, collateral.decimals) : entry.kind === "typed" ? entry.text : "";
  const reading = collateral ? readAmount(text, collateral.decimals, collateralName) : null;
  const principal = reading?.native ?? 0n;

  const errors = useMemo(() => {
    if (!collateral || principal === 0n) return reading?.error ? [reading.error] : [];
    const checks = actionErrors({
      action: "deposit",
      bank: collateral,
      symbol: collateralName,
      symbolOf: nameOf,
      account: risk,
      balances: accountBalances,
      wallet: funds,
      amount: principal,
      max,
    });
    return checks.length === 0 && reading?.error ? [reading.error] : checks;
  }, [collateral, collateralName, nameOf, risk, accountBalances, funds, principal, max, reading?.error]);

  const accountLoading = intoAccount !== null && accountData === undefined;
  // A loop is one leveraged position only in an account holding nothing else.
  const mixed =
    accountData !== undefined &&
    pair !== null &&
    risk.positions.some((p) => p.bank.address !== pair.collateral.address && p.bank.address !== pair.liability.address);
  // Built from addresses and amounts only, so a market snapshot refetched under the same choices keeps the inputs
  // (and their plan) as they are.
  const depositBank = pair?.collateral.address ?? null;
  const borrowBank = pair?.liability.address ?? null;
  const inputs = useMemo((): SwapFlowInputs["loop"] | null => {
    if (depositBank === null || borrowBank === null || principal === 0n || errors.length > 0 || accountLoading) return null;
    const base = { depositBank, borrowBank, principal, targetLeverage: leverageText(leverage) };
    return intoAccount !== null && accountData ? { ...base, marginfiAccount: new PublicKey(intoAccount), account: accountData } : base;
  }, [depositBank, borrowBank, principal, errors.length, accountLoading, leverage, intoAccount, accountData]);
  const settled = useDebounced(inputs);
  const plan = useSwapFlowPlan("loop", settled);
  const settledKey = useMemo(() => (settled === null ? null : swapFlowInputsKey(settled)), [settled]);
  const inputsKey = useMemo(() => (inputs === null ? null : swapFlowInputsKey(inputs)), [inputs]);
  const upToDate = inputsKey !== null && settledKey === inputsKey;
  // Accepting a price impact holds for the inputs it was shown for; new inputs ask again.
  useEffect(() => setAcceptedImpact(false), [settledKey]);

  const current = upToDate && plan.data !== undefined && !plan.isPlaceholderData ? plan.data : null;
  // While a new plan is on its way the last one stays, dimmed, if it is for the same pair.
  const shown =
    inputs !== null &&
    pair !== null &&
    plan.data !== undefined &&
    plan.data.preview.inputMint === pair.liability.bank.mint &&
    plan.data.preview.outputMint === pair.collateral.bank.mint
      ? plan.data
      : null;
  const view = useMemo(() => (shown && pair ? loopPreviewView(shown.preview, pair.collateral, pair.liability) : null), [shown, pair]);

  const loop = useMutation({
    mutationFn: async (sent: SwapFlowPlan): Promise<Landed | null> => {
      if (!context || !collateral || !pair) return null;
      const summary = `${formatSwapAmount(principal, { symbol: collateralName, decimals: collateral.decimals })} with ${liabilityName} at ${formatLeverageHundredths(leverage)}`;
      let signature: string | null = null;
      const confirmed = await toasts.run({
        title: `Loop: ${collateralName} with ${liabilityName}`,
        steps: [`Loop ${summary}`],
        wallet: context.wallet,
        lendingProgramId: context.programId,
        send: (wallet) => sendSwapFlow({ ...context, wallet }, sent),
        signatureOf: (result) => lastOf(result.signatures),
        onConfirmed: async (result) => {
          signature = lastOf(result.signatures);
          const account = result.marginfiAccount.toBase58();
          if (account !== selectedAccount) setSelectedAccount(account);
          await refresh();
        },
      });
      return confirmed && signature !== null ? { summary: `Looped ${summary}`, signature } : null;
    },
    onSuccess: (result) => {
      if (!result) return;
      setLanded(result);
      setEntry({ kind: "typed", text: "" });
    },
  });

  if (collaterals.length === 0 || !collateral) {
    return <EmptyState title="Nothing to loop" description="No bank of this market can be looped against another." />;
  }

  const impactOk = current ? priceImpactAccepted(current.preview.priceImpactPct, acceptedImpact) : false;
  const canLoop = context !== null && current !== null && impactOk && !loop.isPending;
  const planError = upToDate && plan.isError ? plan.error.message : null;
  const messages = [...errors, ...(planError ? [planError] : [])];

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader
          title="Position"
          description="Deposit, borrow against it and swap the borrow into more collateral, in one transaction."
        />
        <CardBody className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Picker
              label="Deposit"
              value={collateral.address}
              options={collaterals.map((bank) => ({ value: bank.address, label: nameOf(bank) }))}
              onChange={(value) => {
                setCollateralChoice(value);
                setLiabilityChoice(null);
                setLanded(null);
              }}
            />
            <Picker
              label="Borrow"
              value={pair?.liability.address ?? ""}
              options={pairs.map((p) => ({
                value: p.liability.address,
                label: `${nameOf(p.liability)} · up to ${formatLeverageHundredths(p.maxLeverageHundredths)}${p.emode ? " · e-mode" : ""}`,
              }))}
              onChange={(value) => {
                setLiabilityChoice(value);
                setLanded(null);
              }}
            />
          </div>
          <Input
            label={`Principal (${collateralName})`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={text}
            aria-invalid={reading?.error ? true : undefined}
            onChange={(event) => {
              setEntry({ kind: "typed", text: event.target.value });
              setLanded(null);
            }}
            suffix={
              <Button type="button" size="sm" variant="secondary" disabled={!funds} onClick={() => setEntry({ kind: "max" })}>
                MAX
              </Button>
            }
            hint={`Wallet: ${funds ? formatSwapAmount(max, { symbol: collateralName, decimals: collateral.decimals }) : "—"}`}
          />
          {pair && (
            <LeverageSlider
              pair={pair}
              hundredths={leverage}
              onChange={(hundredths) => {
                setLeverageChoice(hundredths);
                setLanded(null);
              }}
            />
          )}
          {selectedAccount !== null && (
            <label className="flex items-center gap-2 text-sm text-fg">
              <input
                type="checkbox"
                className="focus-ring size-4 accent-accent"
                checked={newAccount}
                onChange={(e) => setNewAccount(e.target.checked)}
              />
              Open in a new account
            </label>
          )}
          {mixed && (
            <p className="rounded-lg border border-info/40 bg-info/10 px-3 py-2 text-sm text-fg">
              The selected account holds other positions: the loop adds to them, and the portfolio shows it as a leveraged position only in
              an account of its own.
            </p>
          )}
          {intoAccount === null && address !== null && (
            <p className="rounded-lg border border-info/40 bg-info/10 px-3 py-2 text-sm text-fg">
              A new account is created in the same transaction.
            </p>
          )}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Preview" description={pair ? `${collateralName} looped with ${liabilityName}` : undefined} />
        <CardBody className="flex flex-col gap-4">
          {landed ? (
            <div
              role="status"
              aria-label="Result"
              className="flex flex-col gap-2 rounded-xl border border-success/50 bg-success/10 px-4 py-3 text-sm"
            >
              <p className="font-medium text-success">
                <span aria-hidden="true">✓ </span>
                {landed.summary}
              </p>
              <p className="flex flex-wrap items-center gap-2 text-muted">
                Signature
                <code className="font-mono text-fg" title={landed.signature}>
                  {shortenAddress(landed.signature, 6)}
                </code>
              </p>
              <Link href={ROUTES.portfolio} className="focus-ring self-start rounded font-medium text-accent hover:underline">
                See it in the portfolio
              </Link>
            </div>
          ) : view && shown && pair ? (
            <>
              <LoopPreview
                view={view}
                collateral={{ name: collateralName, decimals: pair.collateral.decimals }}
                liability={{ name: liabilityName, decimals: pair.liability.decimals }}
                updating={current === null}
              />
              <SwapDetails
                figures={shown.preview}
                input={{ symbol: liabilityName, decimals: pair.liability.decimals }}
                output={{ symbol: collateralName, decimals: pair.collateral.decimals }}
                slippageBps={slippageBps}
              />
              <PriceImpactNotice priceImpactPct={shown.preview.priceImpactPct} value={acceptedImpact} onChange={setAcceptedImpact} />
            </>
          ) : inputs !== null && context !== null && planError === null ? (
            <div className="flex flex-col gap-2" aria-busy="true" aria-label="Planning the loop">
              <Skeleton className="h-40 w-full" />
              <Skeleton className="h-28 w-full" />
            </div>
          ) : (
            <p className="text-sm text-muted">
              {context === null ? "Connect a wallet to loop." : "Enter a principal to see the position the loop opens."}
            </p>
          )}
          {messages.length > 0 && (
            <ul aria-label="Messages" className="flex flex-col gap-2">
              {messages.map((message) => (
                <li key={message} role="alert" className="rounded-lg border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger">
                  {message}
                </li>
              ))}
            </ul>
          )}
          {reading?.note && <p className="text-sm text-muted">{reading.note.text}</p>}
          <Button size="lg" className="w-full" busy={loop.isPending} disabled={!canLoop} onClick={() => current && loop.mutate(current)}>
            Loop
          </Button>
        </CardBody>
      </Card>
    </div>
  );
}

export default function LoopPage() {
  const market = useMarket();
  let body;
  if (market.data) body = <LoopForm market={market.data} />;
  else if (market.isError)
    body = (
      <EmptyState
        title="Could not load this market"
        description={market.error.message}
        action={
          <Button variant="secondary" onClick={() => void market.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else
    body = (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" aria-busy="true" aria-label="Loading loop">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Loop</h1>
        <p className="text-sm text-muted">
          Leverage a deposit with a flash loan: borrow, swap into the collateral and deposit, in one transaction.
        </p>
      </div>
      {body}
    </div>
  );
}
