// One TanStack Query hook per server resource, with the cache times of spec §9 (timing.ts).
export { queryKeys } from "./keys.js";
export { TIMING } from "./timing.js";
export { useConfigQuery } from "./config.js";
export { useLookupTables } from "./lookup-tables.js";
export { useMarketBanks, useMarket, useBankGroup, useBankHistory, useBankBadDebt, useKaminoFarmRewards } from "./banks.js";
export { useAccountAddresses, useAccount, useChainAccount, useUserBalances, useAccountLabels } from "./accounts.js";
export { useActivity, retryActivity, useLiquidationRecord } from "./activity.js";
export { useWalletPoints, useGlobalPoints } from "./points.js";
export { useRefreshAfterAction, refreshAfterAction, refreshAfterFailure } from "./refresh.js";
export { useAccountHistory, usePortfolio } from "./portfolio.js";
