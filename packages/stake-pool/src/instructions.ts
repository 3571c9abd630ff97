// The stake pool's instructions, declared once: accounts in program order with their flags, then the Borsh arguments.
import { arg, defineInstructions } from "@ballast/codec";

export const STAKE_POOL_INSTRUCTIONS = defineInstructions({
  initialize_pool: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "voteAccount" },
      { name: "pool", writable: true },
      { name: "mint", writable: true },
      { name: "stake", writable: true },
      { name: "mintAuthority" },
      { name: "stakeAuthority" },
      { name: "systemProgram" },
      { name: "tokenProgram" },
      { name: "stakeProgram" },
    ],
    args: {},
  },
  deposit_sol: {
    accounts: [
      { name: "depositor", writable: true, signer: true },
      { name: "pool" },
      { name: "mint", writable: true },
      { name: "stake", writable: true },
      { name: "mintAuthority" },
      { name: "stakeAuthority" },
      { name: "destination", writable: true },
      { name: "systemProgram" },
      { name: "tokenProgram" },
      { name: "stakeProgram" },
    ],
    args: { lamports: arg.u64 },
  },
  credit_rewards: {
    accounts: [
      { name: "funder", writable: true, signer: true },
      { name: "pool" },
      { name: "stake", writable: true },
      { name: "stakeAuthority" },
      { name: "systemProgram" },
      { name: "stakeProgram" },
    ],
    args: { lamports: arg.u64 },
  },
});
