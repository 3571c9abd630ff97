/** The lending program's id on mainnet; the ledger deploys it there by default so existing tools find it. */
export const MARGINFI_PROGRAM_ID = "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA";

/** The all-zero key: an unset key field (no emissions mint, no migration target, an inactive balance's bank). */
export const DEFAULT_PUBKEY = "11111111111111111111111111111111";

/** PDA seeds (reference §5). */
export const SEEDS = {
  feeState: Buffer.from("feestate"),
} as const;
