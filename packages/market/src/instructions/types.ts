// The shape of one market instruction: Anchor dispatch, with the accounts it declares (held to the client's
// instruction table by the tests).
import type { AccountDeclarations, AccountSpec, InstructionHandler } from "@ballast/anchor";

export interface MarketInstruction extends InstructionHandler {
  readonly accounts: AccountSpec<AccountDeclarations>;
}
