// Where the market lives and the two "no account" addresses klend distinguishes (reference §0, §1.3).

/** klend's mainnet id; the market program is deployed here. */
export const KLEND_PROGRAM_ID = "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD";

/** The all-zero address: an empty obligation slot, a tag-0 obligation seed, an unset oracle. */
export const ZERO_PUBKEY = "11111111111111111111111111111111";

/** klend's NULL_PUBKEY ("nu111…"): the other spelling of "this oracle source is disabled". */
export const NULL_PUBKEY = "nu11111111111111111111111111111111111111111";

/** SPL Token: the token program of every vault and cToken mint. */
export const SPL_TOKEN_PROGRAM_ID = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
