// The repay tab's "with collateral" mode: which of the account's deposits pays, how much of the debt to repay (MAX is
// all of it, which closes it), and the SDK's plan — withdraw, swap and repay in one flash-loan transaction.
import { useMemo, useState } from "react";
import type { AccountRisk, BalanceLike, BankApy, PricedBank, WalletFunds } from "@ballast/sdk";
import { formatTokenAmount, formatUsd } from "../../format/index.js";
import { Button } from "../../ui/index.js";
import { formatSwapAmount } from "../swap/index.js";
import { readAmount, textFromAmount, type AmountEntry } from "./amount.js";
import { EMODE_MESSAGES, type ActionMessage } from "./checks.js";
import { emodeImpactOf } from "./model.js";
import { AmountField, Choice, MessageList, PreviewValueRow } from "./parts.js";
import { SwapFlowSection, type SwapModes } from "./SwapFlowSection.js";
import {
  COLLATERAL_REPAY_MESSAGES,
  collateralChoices,
  collateralRepayErrors,
  collateralRepayStep,
  debtOf,
  flowToken,
  repaysAll,
  walletCoversRepay,
  type SwapFlowRequest,
} from "./swap-modes.js";

/** A repayment with collateral that landed, as the box reports it. */
export interface CollateralRepayLanded {
  readonly amount: bigint;
  readonly all: boolean;
  readonly collateralSymbol: string;
  readonly signature: string;
}

export interface CollateralRepayFormProps {
  /** The debt's bank (the box's bank). */
  readonly bank: PricedBank;
  readonly symbol: string;
  readonly symbolOf: (bank: PricedBank) => string;
  readonly account: AccountRisk;
  /** The account's slots; null without an account. */
  readonly balances: readonly BalanceLike[] | null;
  /** The wallet's funds in the debt's token; null while no wallet is connected. */
  readonly wallet: WalletFunds | null;
  readonly loading: boolean;
  readonly apyOf: (bank: PricedBank) => BankApy;
  readonly swap: SwapModes;
  readonly onLanded: (landed: CollateralRepayLanded) => void;
}

export function CollateralRepayForm(props: CollateralRepayFormProps) {
  const { bank, symbol, account, wallet, loading } = props;
  const choices = useMemo(() => collateralChoices(account, bank), [account, bank]);
  const [chosen, setChosen] = useState<string | null>(null);
  // The largest deposit pays unless the user picks another (or the chosen one is gone).
  const collateral = choices.find((c) => c.bank.address === chosen) ?? choices.at(0) ?? null;
  const collateralToken = collateral ? flowToken(collateral.bank, props.symbolOf) : null;
  const [entry, setEntry] = useState<AmountEntry>({ kind: "typed", text: "" });

  const debt = debtOf(account, bank);
  const text = entry.kind === "max" ? textFromAmount(debt, bank.decimals) : entry.text;
  const reading = readAmount(text, bank.decimals, symbol);
  const amount = reading.native;
  const all = repaysAll(account, bank, amount);

  const checks = collateralRepayErrors({
    account,
    balances: props.balances,
    debtBank: bank,
    symbol,
    symbolOf: props.symbolOf,
    choices,
    amount,
  });
  const errors = checks.length === 0 && reading.error ? [reading.error] : checks;
  const messages: ActionMessage[] = errors.map((text) => ({ tone: "error", text }));
  if (errors.length === 0) {
    // Repaying all of the debt can change the account's e-mode, whatever pays for it.
    const impact = emodeImpactOf(account, bank, "repay", all);
    const line = impact ? EMODE_MESSAGES[impact] : null;
    if (line) messages.push(line);
    if (reading.note) messages.push(reading.note);
    if (walletCoversRepay(account, bank, wallet, amount))
      messages.push({ tone: "info", text: COLLATERAL_REPAY_MESSAGES.walletCovers(symbol) });
  }

  const request: SwapFlowRequest | null =
    errors.length === 0 && amount > 0n && collateral
      ? { kind: "repayWithCollateral", collateralBank: collateral.bank.address, amount, repayAll: all }
      : null;
  const debtToken = { mint: bank.bank.mint, symbol, decimals: bank.decimals };
  const formatDebt = (native: bigint) => formatTokenAmount(native, bank.decimals, { maxFractionDigits: bank.decimals });

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      <Choice
        label="Pay with"
        value={collateral?.bank.address ?? ""}
        options={choices.map((c) => ({
          value: c.bank.address,
          label: `${props.symbolOf(c.bank)}: ${formatTokenAmount(c.amount, c.bank.decimals)} (${formatUsd(c.usdValue)})`,
        }))}
        onChange={setChosen}
      />
      <AmountField
        label="Amount to repay"
        text={text}
        invalid={reading.error !== null}
        onText={(typed) => setEntry({ kind: "typed", text: typed })}
        symbol={symbol}
        onMax={() => setEntry({ kind: "max" })}
        maxReady={!loading}
        held={{ label: "Borrowed", value: formatDebt(debt) }}
        max={`${formatDebt(debt)} ${symbol}`}
      />
      <MessageList messages={messages} />
      {collateralToken ? (
        <SwapFlowSection
          swap={props.swap}
          kind="repayWithCollateral"
          request={request}
          bank={bank}
          symbol={symbol}
          account={account}
          apyOf={props.apyOf}
          input={collateralToken}
          output={debtToken}
          valueRows={(preview) => (
            <PreviewValueRow label="Collateral withdrawn" value={formatSwapAmount(preview.maximumSpent, collateralToken)} />
          )}
          label={`${all ? "Repay all" : "Repay"} with ${collateralToken.symbol}`}
          step={collateralRepayStep(amount, all, debtToken, collateralToken.symbol)}
          loading={loading}
          onLanded={(signature) => {
            props.onLanded({ amount, all, collateralSymbol: collateralToken.symbol, signature });
            setEntry({ kind: "typed", text: "" });
          }}
        />
      ) : (
        <Button type="submit" size="lg" disabled className="w-full">
          Repay
        </Button>
      )}
    </form>
  );
}
