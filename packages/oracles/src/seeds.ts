// PDA seeds of the two local oracle programs' feed accounts, shared by the programs and the client instructions.
export const PYTH_FEED_SEED = "price_feed";
export const SWITCHBOARD_FEED_SEED = "pull_feed";
