// The project's own token marks: one family (a coloured disc, a white glyph on a 32-unit grid) drawn for every seeded
// token, so the first bundle carries a few hundred bytes of paths instead of image downloads. Liquid staking tokens
// share SOL's three bars on their own colour; any other token gets a coin ring on a disc coloured from its symbol.
import type { ReactNode } from "react";

export interface DrawnMark {
  readonly color: string;
  readonly glyph: ReactNode;
}

const STROKE = { fill: "none", stroke: "#fff", strokeWidth: 2.4, strokeLinecap: "round", strokeLinejoin: "round" } as const;

const DOLLAR = (
  <path
    {...STROKE}
    d="M19.6 11.6c-.8-1.1-2-1.7-3.6-1.7-2 0-3.5 1-3.5 2.6 0 3.8 7.4 2 7.4 5.9 0 1.7-1.6 2.8-3.9 2.8-1.6 0-3-.6-3.9-1.8M16 7.5v17"
  />
);
const SOL_BARS = <path fill="#fff" d="M11 9h12l-2.4 2.6H8.6zM8.6 14.7h12l2.4 2.6H11zM11 20.4h12l-2.4 2.6H8.6z" />;
const BITCOIN = (
  <path {...STROKE} d="M12 9.5h5.5a3 3 0 0 1 0 6H12m0 0h6.3a3.2 3.2 0 0 1 0 6.5H12V9.5M14 7v2.5m0 12.5v2.5m3-17v2.5m0 12.5v2.5" />
);

const COIN = <circle {...STROKE} cx="16" cy="16" r="7" />;

const MARKS: Readonly<Record<string, DrawnMark>> = {
  USDC: { color: "#2775ca", glyph: DOLLAR },
  USDT: { color: "#26a17b", glyph: <path {...STROKE} d="M9.5 9.5h13M16 9.5v14M10.5 15.5c1.5.9 3.5 1.3 5.5 1.3s4-.4 5.5-1.3" /> },
  PYUSD: { color: "#0033a0", glyph: <path {...STROKE} d="M12.5 24V8.5h5a4.5 4.5 0 0 1 0 9h-5" /> },
  SOL: { color: "#141414", glyph: SOL_BARS },
  JitoSOL: { color: "#2f9e6a", glyph: SOL_BARS },
  mSOL: { color: "#308d8a", glyph: SOL_BARS },
  bSOL: { color: "#d9822b", glyph: SOL_BARS },
  INF: {
    color: "#6f52e8",
    glyph: (
      <path
        {...STROKE}
        d="M16 16c-1.6-2.4-3-3.6-4.7-3.6a3.6 3.6 0 0 0 0 7.2c1.7 0 3.1-1.2 4.7-3.6s3-3.6 4.7-3.6a3.6 3.6 0 0 1 0 7.2c-1.7 0-3.1-1.2-4.7-3.6z"
      />
    ),
  },
  wBTC: { color: "#f09242", glyph: BITCOIN },
  cbBTC: { color: "#0052ff", glyph: BITCOIN },
  JUP: { color: "#1c2a3a", glyph: <path {...STROKE} d="M8.5 13a8 8 0 0 1 15 0M10.5 17a5.6 5.6 0 0 1 11 0M13 21a3 3 0 0 1 6 0" /> },
  JTO: { color: "#2b2b2b", glyph: <path {...STROKE} d="M19 8.5v10a4.5 4.5 0 0 1-8.5 2" /> },
  ETH: { color: "#627eea", glyph: <path fill="#fff" d="M16 6l6 10-6 3.6-6-3.6zm0 15.2l6-3.6-6 8.4-6-8.4z" /> },
  BONK: {
    color: "#f2a31b",
    glyph: (
      <g fill="#fff">
        <ellipse cx="16" cy="19.5" rx="4.6" ry="3.8" />
        <circle cx="10.2" cy="14" r="1.9" />
        <circle cx="13.8" cy="10.6" r="1.9" />
        <circle cx="18.2" cy="10.6" r="1.9" />
        <circle cx="21.8" cy="14" r="1.9" />
      </g>
    ),
  },
  WIF: {
    color: "#9c6b4a",
    glyph: <path fill="#fff" d="M9 19a7 7 0 0 1 14 0zM8 20.2h16v3H8zM16 8.2a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8z" />,
  },
  PYTH: { color: "#7142cf", glyph: <path {...STROKE} d="M12 24V14a5 5 0 1 1 5 5h-1.5" /> },
  RENDER: { color: "#d8261e", glyph: <path {...STROKE} d="M12 23.5V9h5.2a4.3 4.3 0 0 1 0 8.6H12m5-.2 4.5 6.1" /> },
};

/** A hue from the symbol, so a token without a drawn mark keeps one colour wherever it appears. */
function hueOf(symbol: string): number {
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** The token's drawn mark: the project's own, or a coin ring on a disc coloured from the symbol. */
export function drawnMark(symbol: string): DrawnMark {
  const mark = MARKS[symbol];
  if (mark) return mark;
  return { color: `hsl(${hueOf(symbol)} 45% 38%)`, glyph: COIN };
}

/** The symbols with a mark drawn for the project. */
export const DRAWN_SYMBOLS: readonly string[] = Object.keys(MARKS);
