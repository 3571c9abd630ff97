// The shape of one market instruction: Anchor dispatch with the market's account checks.
import type { AnchorArgsReader, InstructionHandler } from "@ballast/anchor";
import type { MarketAccounts } from "../program/accounts.js";

export type MarketInstruction = InstructionHandler<MarketAccounts, AnchorArgsReader>;
