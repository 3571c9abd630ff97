// Per-client limits on the endpoints anyone may call for free (sign-in challenges, faucet grants): at most `limit`
// uses per client address in each window of `windowSeconds`, counted in this process. Windows are fixed and start
// at a client's first use, so a client refused learns exactly when it may try again. The client address is
// Fastify's request.ip: the connection's peer, or behind a trusted load balancer (TRUST_PROXY) the client it forwards.
// Each API instance counts its own clients: with N instances a client may get up to N times a limit.
import type { FastifyReply } from "fastify";
import { tooManyRequests } from "./errors.js";

export interface RateLimitSetting {
  /** Uses per window; 0 turns the limit off. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export type RateLimitDecision =
  { readonly allowed: true } | { readonly allowed: false; /** Whole seconds, at least 1. */ readonly retryAfter: number };

interface Window {
  start: number;
  used: number;
}

export class ClientRateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly setting: RateLimitSetting,
    /** Unix seconds. */
    private readonly now: () => number,
  ) {}

  /** Counts one use by the client, unless its window is full. */
  take(client: string): RateLimitDecision {
    if (this.setting.limit <= 0) return { allowed: true };
    const now = this.now();
    let window = this.windows.get(client);
    if (!window || now >= window.start + this.setting.windowSeconds) {
      window = { start: now, used: 0 };
      this.windows.set(client, window);
    }
    if (window.used >= this.setting.limit) {
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(window.start + this.setting.windowSeconds - now)) };
    }
    window.used += 1;
    return { allowed: true };
  }

  /** Gives back a use that did not happen after all (the request failed for another reason). */
  giveBack(client: string): void {
    const window = this.windows.get(client);
    if (window && window.used > 0) window.used -= 1;
  }

  /** Forgets clients whose window is over, so the map holds only recent clients. */
  sweep(): number {
    const now = this.now();
    let removed = 0;
    for (const [client, window] of this.windows) {
      if (now >= window.start + this.setting.windowSeconds) {
        this.windows.delete(client);
        removed += 1;
      }
    }
    return removed;
  }

  get size(): number {
    return this.windows.size;
  }
}

export const RATE_LIMIT_ERRORS = {
  challenges: (seconds: number) => `Too many sign-in requests from this address; try again in ${seconds} s`,
  labelNonces: (seconds: number) => `Too many label requests from this address; try again in ${seconds} s`,
  faucet: (seconds: number) => `Too many faucet requests from this address; try again in ${seconds} s`,
  swap: (seconds: number) => `Too many swap API requests from this address; try again in ${seconds} s`,
  prices: (seconds: number) => `Too many price control requests from this address; try again in ${seconds} s`,
  badDebt: (seconds: number) => `Too many bad debt requests from this address; try again in ${seconds} s`,
  liquidationRecords: (seconds: number) => `Too many liquidation record requests from this address; try again in ${seconds} s`,
  portfolio: (seconds: number) => `Too many portfolio requests from this address; try again in ${seconds} s`,
  explorer: (seconds: number) => `Too many explorer requests from this address; try again in ${seconds} s`,
} as const;

/** Counts a use by the client, or throws the 429 (with Retry-After) that `message` words. */
export function takeOrRefuse(
  limiter: ClientRateLimiter,
  client: string,
  reply: FastifyReply,
  message: (retryAfterSeconds: number) => string,
): void {
  const decision = limiter.take(client);
  if (decision.allowed) return;
  reply.header("retry-after", String(decision.retryAfter));
  throw tooManyRequests(message(decision.retryAfter));
}
