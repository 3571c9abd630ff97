// The native stake stand-in's two instructions, declared once: a u32 LE tag, then bincode arguments (which for these
// types are Borsh's bytes), with the accounts in program order. The builders and the explorer's decoder read this table.
import { ArgsWriter, arg, encodeArgs } from "@ballast/codec";

export const NATIVE_STAKE_INSTRUCTIONS = {
  initialize_delegated: {
    tag: 0,
    accounts: ["stake", "voteAccount"],
    args: { staker: arg.pubkey, withdrawer: arg.pubkey },
  },
  sync_delegation: { tag: 1, accounts: ["stake", "staker"], args: {} },
} as const;

export function initializeDelegatedData(staker: string, withdrawer: string): Buffer {
  const decl = NATIVE_STAKE_INSTRUCTIONS.initialize_delegated;
  const w = new ArgsWriter().u32(decl.tag);
  encodeArgs(w, decl.args, { staker, withdrawer });
  return w.toBuffer();
}

export function syncDelegationData(): Buffer {
  return new ArgsWriter().u32(NATIVE_STAKE_INSTRUCTIONS.sync_delegation.tag).toBuffer();
}
