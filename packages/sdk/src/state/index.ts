// Chain state for the client: the group, its banks and oracle prices, margin accounts, wallet balances, bank DTOs.
export * from "./accounts-rpc.js";
export * from "./group.js";
export * from "./banks.js";
export * from "./oracle-prices.js";
export * from "./market.js";
export * from "./margin-accounts.js";
export * from "./wallet-balances.js";
export * from "./bank-dto.js";
export * from "./account-health.js";
export * from "./kamino.js";
export * from "./kamino-reserves.js";
export * from "./liquidation-record.js";
export * from "./kamino-farms.js";
export * from "./oracle-report.js";
