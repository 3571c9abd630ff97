// One TanStack Query hook per server resource, with the cache times of spec §9 (timing.ts).
export { queryKeys } from "./keys.js";
export { TIMING } from "./timing.js";
export { useConfigQuery } from "./config.js";
export { useLookupTables } from "./lookup-tables.js";
export { useBanks, useMarketBanks, useMarket, useBankHistory, useRates, useEmissions } from "./banks.js";
export { useOracleData, useTokenPrices, useSlotDuration, useKaminoStates } from "./oracles.js";
export { useAccountAddresses, useAccount, useUserBalances, useAccountLabels } from "./accounts.js";
export { useActivity, retryActivity } from "./activity.js";
export { useWalletPoints, useGlobalPoints } from "./points.js";
export { usePriorityFees } from "./fees.js";
export { useRefreshAfterAction, refreshAfterAction } from "./refresh.js";
