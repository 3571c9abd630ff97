// The action box's dialog: tabs for deposit / withdraw / borrow / repay on one bank (deposit / withdraw on a bank of
// the third-party market), the amount with MAX, the checks, the SDK's before → after preview and the send button; once
// a transaction confirms, its result (what landed, the signature) until the user starts another. With the swap flows
// wired, the repay tab also repays with collateral and the withdraw tab withdraws as another token. Data comes in as
// props (ActionBox.tsx wires the hooks).
import { useMemo, useState } from "react";
import {
  MARGIN_ACCOUNT_RENT_LAMPORTS,
  bankActionsOffered,
  isKaminoBank,
  nativeToUiAmount,
  toNumber,
  type BalanceLike,
  type BankApy,
  type Market,
  type PricedBank,
  type WalletFunds,
} from "@ballast/sdk";
import { formatPercent, formatPositionAmount, formatPrice, formatTokenAmount } from "../../format/index.js";
import { Button, Dialog, Segmented, Tabs, TokenMark } from "../../ui/index.js";
import { ACTION_SHORTCUTS } from "../../shortcuts/keys.js";
import { useShortcut } from "../../shortcuts/ShortcutsProvider.js";
import { PROVIDER_KAMINO } from "../markets/bank-rows.js";
import { readAmount, textFromAmount, type AmountEntry } from "./amount.js";
import { EMODE_MESSAGES, MESSAGES, actionErrors, type ActionMessage } from "./checks.js";
import type { ActionType } from "./context.js";
import { accountOf, actionPreview, closesPosition, emodeImpactOf, emodeWeightsOf, maxAmountFor, positionIn } from "./model.js";
import { CollateralRepayForm } from "./CollateralRepayForm.js";
import { AmountField, Choice, MessageList, Preview } from "./parts.js";
import { SwapFlowSection, type SwapModes } from "./SwapFlowSection.js";
import { withdrawAsStep, withdrawAsTokens, type RepaySource, type SwapFlowRequest } from "./swap-modes.js";
import { elementAt } from "@ballast/ledger";
import { ExplorerLink } from "../explorer/ExplorerLink.js";

const ACTION_TABS = [
  { value: "deposit", label: "Deposit" },
  { value: "withdraw", label: "Withdraw" },
  { value: "borrow", label: "Borrow" },
  { value: "repay", label: "Repay" },
] as const satisfies readonly { value: ActionType; label: string }[];

/** The tabs the bank offers: a bank of the third-party market takes deposits and withdrawals only. */
const actionTabsFor = (bank: PricedBank) => {
  const offered = bankActionsOffered(bank.bank);
  return ACTION_TABS.filter((t) => offered.includes(t.value));
};

const TAB_KEYS: Record<ActionType, string> = {
  deposit: ACTION_SHORTCUTS.deposit.key,
  withdraw: ACTION_SHORTCUTS.withdraw.key,
  borrow: ACTION_SHORTCUTS.borrow.key,
  repay: ACTION_SHORTCUTS.repay.key,
};

/** D, B, R and W switch the box's tab (announced), or say the bank does not offer it. */
function useActionShortcuts(tabs: readonly { value: ActionType; label: string }[], switchTab: (action: ActionType) => void) {
  const on = (action: ActionType) => () => {
    const tab = tabs.find((t) => t.value === action);
    const label = ACTION_TABS.find((t) => t.value === action)!.label;
    if (!tab) return `${label} is not offered by this bank`;
    switchTab(action);
    return `${label} selected`;
  };
  useShortcut(ACTION_SHORTCUTS.deposit, on("deposit"), { inDialog: true });
  useShortcut(ACTION_SHORTCUTS.borrow, on("borrow"), { inDialog: true });
  useShortcut(ACTION_SHORTCUTS.repay, on("repay"), { inDialog: true });
  useShortcut(ACTION_SHORTCUTS.withdraw, on("withdraw"), { inDialog: true });
}

/** What a confirmed send reports back to the box. */
export interface ActionResult {
  readonly signature: string;
}

export interface BankHeader {
  readonly symbol: string;
  readonly name: string;
  /** The configured token list's logo; absent or null: the app's drawn mark. */
  readonly logoURI?: string | null;
  /** USD per token; null without a price. */
  readonly price: number | null;
  readonly depositApy: number;
  readonly borrowApy: number;
}

export interface ActionBoxViewProps {
  readonly market: Market;
  readonly bank: PricedBank;
  readonly header: BankHeader;
  readonly symbolOf: (bank: PricedBank) => string;
  readonly initialAction: ActionType;
  /** The selected account's slots; null without an account. */
  readonly balances: readonly BalanceLike[] | null;
  /** The wallet's funds for this bank's mint; null while no wallet is connected. */
  readonly wallet: WalletFunds | null;
  /** Still loading the account or the wallet's balances: MAX and sending wait. */
  readonly loading?: boolean;
  /** Sends; resolves with the signature once confirmed (the box then shows the result), null when it failed. */
  readonly onSend: (action: ActionType, amount: bigint, all: boolean) => Promise<ActionResult | null>;
  readonly onClose: () => void;
  /** Each bank's APY as every screen shows it: the market's (apysOf), with the banks' staking yields. */
  readonly apyOf: (bank: PricedBank) => BankApy;
  /** The swap flows, offered once there is an account and a wallet; absent, the box offers the plain actions only. */
  readonly swap?: SwapModes;
}

const REPAY_SOURCES = [
  { value: "wallet", label: "From wallet" },
  { value: "collateral", label: "With collateral" },
] as const satisfies readonly { value: RepaySource; label: string }[];

/** A confirmed transaction, as the box shows it until the user starts another. */
interface Landed {
  readonly action: ActionType;
  readonly amount: bigint;
  readonly all: boolean;
  readonly signature: string;
  /** How a swap flow paid or paid out: "with SOL", "as USDC". */
  readonly via?: string;
}

const PAST_TENSE: Record<ActionType, string> = { deposit: "Deposited", withdraw: "Withdrew", borrow: "Borrowed", repay: "Repaid" };

function LandedResult({
  landed,
  bank,
  symbol,
  onAnother,
}: {
  readonly landed: Landed;
  readonly bank: PricedBank;
  readonly symbol: string;
  readonly onAnother: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const amount = `${formatTokenAmount(landed.amount, bank.decimals, { maxFractionDigits: bank.decimals })} ${symbol}`;
  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        aria-label="Result"
        className="flex flex-col gap-2 rounded-xl border border-success/50 bg-success/10 px-4 py-3 text-sm"
      >
        <p className="font-medium text-success">
          <span aria-hidden="true">✓ </span>
          {PAST_TENSE[landed.action]} {landed.all ? `all: ${amount}` : amount}
          {landed.via && ` ${landed.via}`}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-muted">
          Signature
          <ExplorerLink target={{ kind: "tx", signature: landed.signature }} />
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label="Copy result signature"
            onClick={() => void navigator.clipboard?.writeText(landed.signature).then(() => setCopied(true))}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        </p>
      </div>
      <Button type="button" size="lg" variant="secondary" className="w-full" onClick={onAnother}>
        New transaction
      </Button>
    </div>
  );
}

export function ActionBoxView(props: ActionBoxViewProps) {
  const { market, bank, header, balances, wallet, loading = false } = props;
  const tabs = actionTabsFor(bank);
  const [action, setAction] = useState<ActionType>(
    tabs.some((t) => t.value === props.initialAction) ? props.initialAction : elementAt(tabs, 0).value,
  );
  // After MAX the amount follows the max as fresh account data arrives (a repay that just landed, accrued interest)
  // until the user types; a typed amount stays as typed.
  const [entry, setEntry] = useState<AmountEntry>({ kind: "typed", text: "" });
  const setText = (text: string) => setEntry({ kind: "typed", text });
  const [sending, setSending] = useState(false);
  const [landed, setLanded] = useState<Landed | null>(null);
  const [repaySource, setRepaySource] = useState<RepaySource>("wallet");
  const [outputMint, setOutputMint] = useState(bank.bank.mint);

  const account = useMemo(() => accountOf(market, balances), [market, balances]);
  const position = positionIn(account, bank);
  const max = useMemo(() => maxAmountFor(account, bank, wallet, action), [account, bank, wallet, action]);
  const text = entry.kind === "max" ? textFromAmount(max, bank.decimals) : entry.text;
  const reading = readAmount(text, bank.decimals, header.symbol);
  const amount = reading.native;
  const all = closesPosition(position, action, amount);

  const errors = useMemo(() => {
    const checks = actionErrors({ action, bank, symbol: header.symbol, symbolOf: props.symbolOf, account, balances, wallet, amount, max });
    // The bank's and account's reasons come first: no amount would do while they stand.
    return checks.length === 0 && reading.error ? [reading.error] : checks;
  }, [action, bank, header.symbol, props.symbolOf, account, balances, wallet, amount, max, reading.error]);
  const preview = useMemo(() => {
    if (amount === 0n || errors.length > 0) return null;
    return actionPreview(market, balances, bank, action, amount, props.apyOf);
  }, [market, balances, bank, action, amount, errors.length, props.apyOf]);

  const emodeWeights = useMemo(
    () => (preview ? emodeWeightsOf(account, bank, action, all, props.symbolOf) : []),
    [preview, account, bank, action, all, props.symbolOf],
  );

  const messages: ActionMessage[] = errors.map((text) => ({ tone: "error", text }));
  if (errors.length === 0) {
    const impact = emodeImpactOf(account, bank, action, all);
    const line = impact ? EMODE_MESSAGES[impact] : null;
    if (line) messages.push(line);
    if (reading.note) messages.push(reading.note);
    if (action === "deposit" && !balances) {
      messages.push({ tone: "info", text: MESSAGES.accountCreated });
      messages.push({
        tone: "info",
        text: MESSAGES.accountRent(formatTokenAmount(MARGIN_ACCOUNT_RENT_LAMPORTS, 9, { maxFractionDigits: 9 })),
      });
    }
  }

  const switchTab = (next: ActionType) => {
    setAction(next);
    setLanded(null);
    setText("");
  };
  useActionShortcuts(tabs, switchTab);
  const submit = async () => {
    setSending(true);
    try {
      // Repay-all wraps SOL from the amount: the debt rounded up, as MAX gives when the wallet covers it.
      const result = await props.onSend(action, amount, all);
      if (result) {
        setLanded({ action, amount, all, signature: result.signature });
        setText("");
      }
    } finally {
      setSending(false);
    }
  };
  const canSend = !loading && !sending && amount > 0n && errors.length === 0;
  const balanceLine =
    action === "deposit" || action === "repay"
      ? {
          label: "Wallet",
          value: wallet ? formatTokenAmount(wallet.token + (bank.isNativeSol ? wallet.nativeSol : 0n), bank.decimals) : null,
        }
      : {
          label: position?.side === "liabilities" ? "Borrowed" : "Deposited",
          value: formatPositionAmount(position ? toNumber(nativeToUiAmount(position.amount, bank.decimals)) : 0, bank.decimals),
        };
  const verb = tabs.find((t) => t.value === action)!.label;

  const { swap } = props;
  const outputTokens = useMemo(() => withdrawAsTokens(market, bank, props.symbolOf), [market, bank, props.symbolOf]);
  const output = outputTokens.find((t) => t.mint === outputMint) ?? elementAt(outputTokens, 0);
  // Withdrawing as another token swaps what leaves the bank; its own token is the plain withdraw.
  const withdrawSwap = swap && action === "withdraw" && output.mint !== bank.bank.mint ? swap : null;
  const withdrawRequest: SwapFlowRequest | null =
    withdrawSwap && canSend ? { kind: "withdrawAndSwap", outputMint: output.mint, amount, withdrawAll: all } : null;
  const ownToken = { mint: bank.bank.mint, symbol: header.symbol, decimals: bank.decimals };
  const panelId = `action-box-${bank.address}`;

  return (
    <Dialog
      open
      onClose={props.onClose}
      variant="sheet"
      title={
        <span className="flex items-center gap-2">
          <TokenMark symbol={header.symbol} logoURI={header.logoURI} size="sm" />
          {header.symbol}
          <span className="text-sm font-normal text-muted">{header.name}</span>
        </span>
      }
      description={
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          <span>Price {header.price === null ? "—" : formatPrice(header.price)}</span>
          <span>Deposit APY {formatPercent(header.depositApy)}</span>
          {isKaminoBank(bank.bank) ? <span>{PROVIDER_KAMINO}</span> : <span>Borrow APY {formatPercent(header.borrowApy)}</span>}
        </span>
      }
    >
      <div className="flex flex-col gap-4">
        <Tabs label="Action" options={tabs} value={action} onChange={switchTab} panelId={panelId} className="w-full" shortcuts={TAB_KEYS} />
        <div id={panelId} role="tabpanel" aria-label={verb}>
          {landed ? (
            <LandedResult landed={landed} bank={bank} symbol={header.symbol} onAnother={() => setLanded(null)} />
          ) : (
            <div className="flex flex-col gap-4">
              {swap && action === "repay" && (
                <Segmented label="How to repay" options={REPAY_SOURCES} value={repaySource} onChange={setRepaySource} />
              )}
              {swap && action === "repay" && repaySource === "collateral" ? (
                <CollateralRepayForm
                  bank={bank}
                  symbol={header.symbol}
                  symbolOf={props.symbolOf}
                  account={account}
                  balances={balances}
                  wallet={wallet}
                  loading={loading}
                  apyOf={props.apyOf}
                  swap={swap}
                  onLanded={(repaid) =>
                    setLanded({
                      action: "repay",
                      amount: repaid.amount,
                      all: repaid.all,
                      signature: repaid.signature,
                      via: `with ${repaid.collateralSymbol}`,
                    })
                  }
                />
              ) : (
                <form
                  className="flex flex-col gap-4"
                  onSubmit={(event) => {
                    event.preventDefault();
                    // Withdrawing as another token sends the plan, from its own button.
                    if (canSend && !withdrawSwap) void submit();
                  }}
                >
                  {swap && action === "withdraw" && (
                    <Choice
                      label="Withdraw as"
                      value={output.mint}
                      options={outputTokens.map((t) => ({ value: t.mint, label: t.symbol }))}
                      onChange={setOutputMint}
                    />
                  )}
                  <AmountField
                    label={`Amount to ${action}`}
                    text={text}
                    invalid={reading.error !== null}
                    onText={setText}
                    symbol={header.symbol}
                    onMax={() => setEntry({ kind: "max" })}
                    maxReady={!loading && wallet !== null}
                    held={balanceLine}
                    max={`${formatTokenAmount(max, bank.decimals, { maxFractionDigits: bank.decimals })} ${header.symbol}`}
                  />
                  <MessageList messages={messages} />
                  {withdrawSwap ? (
                    <SwapFlowSection
                      swap={withdrawSwap}
                      kind="withdrawAndSwap"
                      request={withdrawRequest}
                      bank={bank}
                      symbol={header.symbol}
                      account={account}
                      apyOf={props.apyOf}
                      input={ownToken}
                      output={output}
                      label={`${all ? `${verb} all` : verb} as ${output.symbol}`}
                      step={withdrawAsStep(amount, all, ownToken, output.symbol)}
                      loading={loading}
                      onLanded={(signature) => {
                        setLanded({ action, amount, all, signature, via: `as ${output.symbol}` });
                        setText("");
                      }}
                    />
                  ) : (
                    <>
                      {preview && <Preview preview={preview} bank={bank} symbol={header.symbol} emodeWeights={emodeWeights} />}
                      <Button type="submit" size="lg" busy={sending} disabled={!canSend} className="w-full">
                        {all ? `${verb} all` : verb}
                      </Button>
                    </>
                  )}
                </form>
              )}
            </div>
          )}
        </div>
      </div>
    </Dialog>
  );
}
