// The e-mode an account is in, by name: the tag (SOL, LST tier 1, LST tier 2) and the banks of the pair that earned it.
import { EmodeTag, accountEmode, type AccountRisk, type BankDto, type PricedBank } from "@ballast/sdk";
import type { TokenInfo } from "../../api/index.js";

/** The names of the client's three e-mode tags. */
export const EMODE_TAG_NAMES: Record<EmodeTag, string> = {
  [EmodeTag.Unset]: "none",
  [EmodeTag.Sol]: "SOL",
  [EmodeTag.LstTier1]: "LST tier 1",
  [EmodeTag.LstTier2]: "LST tier 2",
};

/** The pair that earned e-mode, by name: the collateral tags, the collateral banks and the borrowed banks. */
export interface EmodeView {
  readonly tags: readonly string[];
  readonly collateral: readonly string[];
  readonly liabilities: readonly string[];
}

/** A bank's symbol: the bank list's, else the token list's, else the mint's start. */
export function bankSymbol(bank: PricedBank, dtos?: readonly BankDto[], tokens?: readonly TokenInfo[]): string {
  return (
    dtos?.find((d) => d.bank_address === bank.address)?.symbol ||
    tokens?.find((t) => t.mint === bank.bank.mint)?.symbol ||
    bank.bank.mint.slice(0, 4)
  );
}

export function emodeView(risk: AccountRisk, symbolOf: (bank: PricedBank) => string): EmodeView | null {
  const emode = accountEmode(risk);
  if (!emode) return null;
  return {
    tags: [...new Set(emode.collateral.map((c) => EMODE_TAG_NAMES[c.tag]))],
    collateral: emode.collateral.map((c) => symbolOf(c.bank)),
    liabilities: emode.liabilities.map(symbolOf),
  };
}

/** "E-mode LST tier 1: JITOSOL against SOL". */
export function emodeText(emode: EmodeView): string {
  return `E-mode ${emode.tags.join(", ")}: ${emode.collateral.join(", ")} against ${emode.liabilities.join(", ")}`;
}
