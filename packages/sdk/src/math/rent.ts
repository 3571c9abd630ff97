// What opening a margin account costs: the rent Solana's rule (the ledger's) makes it hold while it exists, returned
// to the wallet when it is closed. Clients show it before they ask a wallet to open one.
import { minimumBalanceForRentExemption } from "@ballast/ledger";
import { MarginfiAccountLayout } from "@ballast/protocol";

export const MARGIN_ACCOUNT_RENT_LAMPORTS = minimumBalanceForRentExemption(MarginfiAccountLayout.space);
