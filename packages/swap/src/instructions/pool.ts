// The pool program's instructions, declared once: accounts in program order with their flags, then the Borsh
// arguments. Client builders encode with this table and the handlers decode with it.
import { arg, defineInstructions } from "@ballast/codec";

/** The accounts of a swap in either mode; the router passes them per hop, after the pool program's id. */
const SWAP_ACCOUNTS = [
  { name: "pool" },
  { name: "poolAuthority" },
  { name: "vaultA", writable: true },
  { name: "vaultB", writable: true },
  { name: "userSource", writable: true },
  { name: "userDestination", writable: true },
  { name: "userAuthority", signer: true },
  { name: "tokenProgram" },
] as const;

export const POOL_INSTRUCTIONS = defineInstructions({
  initialize_pool: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "pool", writable: true },
      { name: "poolAuthority" },
      { name: "mintA" },
      { name: "mintB" },
      { name: "vaultA", writable: true },
      { name: "vaultB", writable: true },
      { name: "lpMint", writable: true },
      { name: "lockedLp", writable: true },
      { name: "systemProgram" },
      { name: "tokenProgram" },
    ],
    args: { curve: arg.u8, feeBps: arg.u16, amplification: arg.u64 },
  },
  deposit_liquidity: {
    accounts: [
      { name: "depositor", signer: true },
      { name: "pool" },
      { name: "poolAuthority" },
      { name: "vaultA", writable: true },
      { name: "vaultB", writable: true },
      { name: "lpMint", writable: true },
      { name: "lockedLp", writable: true },
      { name: "depositorTokenA", writable: true },
      { name: "depositorTokenB", writable: true },
      { name: "depositorLp", writable: true },
      { name: "tokenProgram" },
    ],
    args: { lpAmount: arg.u64, maximumAmountA: arg.u64, maximumAmountB: arg.u64 },
  },
  withdraw_liquidity: {
    accounts: [
      { name: "owner", signer: true },
      { name: "pool" },
      { name: "poolAuthority" },
      { name: "vaultA", writable: true },
      { name: "vaultB", writable: true },
      { name: "lpMint", writable: true },
      { name: "ownerLp", writable: true },
      { name: "ownerTokenA", writable: true },
      { name: "ownerTokenB", writable: true },
      { name: "tokenProgram" },
    ],
    args: { lpAmount: arg.u64, minimumAmountA: arg.u64, minimumAmountB: arg.u64 },
  },
  swap: {
    accounts: SWAP_ACCOUNTS,
    args: { amountIn: arg.u64, minimumAmountOut: arg.u64, aToB: arg.bool },
  },
  swap_exact_out: {
    accounts: SWAP_ACCOUNTS,
    args: { amountOut: arg.u64, maximumAmountIn: arg.u64, aToB: arg.bool },
  },
});
