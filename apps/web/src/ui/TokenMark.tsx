// A token's mark, the one component every screen shows beside a symbol: the configured token list's logo when the
// server names one (the drawn mark stands in if it fails to load), else the project's drawn mark. Always beside the
// symbol's text, it is decorative: hidden from screen readers, which would otherwise hear the symbol twice.
import { useState } from "react";
import { cn } from "./cn.js";
import { drawnMark } from "./token-marks.js";

export interface TokenMarkProps {
  readonly symbol: string;
  /** The token list's logo (AppConfig's logoURI); absent or null: the drawn mark. */
  readonly logoURI?: string | null;
  readonly size?: "sm" | "md" | "lg";
  readonly className?: string;
}

const SIZES = { sm: "size-5", md: "size-9", lg: "size-11" } as const;

export function TokenMark({ symbol, logoURI, size = "md", className }: TokenMarkProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = cn("inline-block shrink-0 rounded-full", SIZES[size], className);
  if (logoURI && failed !== logoURI) {
    return (
      <img
        src={logoURI}
        alt=""
        aria-hidden="true"
        data-token-mark="logo"
        data-symbol={symbol}
        className={cn(classes, "bg-subtle object-cover")}
        onError={() => setFailed(logoURI)}
      />
    );
  }
  const mark = drawnMark(symbol);
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" data-token-mark="drawn" data-symbol={symbol} className={classes}>
      <circle cx="16" cy="16" r="16" fill={mark.color} />
      {mark.glyph}
    </svg>
  );
}
