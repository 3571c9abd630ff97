// Integer limits of the chain's wire types, shared by the ledger, the programs and their clients.

/** The largest u64: token amounts, limits meaning "none" and slots meaning "never". */
export const U64_MAX = (1n << 64n) - 1n;
