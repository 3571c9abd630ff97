// Where the venue's two programs live. The pools are our own program; the router sits at Jupiter v6's id, so
// clients that speak Jupiter (and the SDK's swap error table) find it where they expect the aggregator.

/** The constant-product and stable-swap pools. */
export const POOL_PROGRAM_ID = "Ba11astPoo1s1111111111111111111111111111111";
export const POOL_PROGRAM_LABEL = "Ballast Pools";

/** The router, at the Jupiter v6 aggregator's program id. */
export const ROUTER_PROGRAM_ID = "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4";
export const ROUTER_PROGRAM_LABEL = "Jupiter v6 (Ballast router)";
