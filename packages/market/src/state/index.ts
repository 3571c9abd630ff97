// klend v1.12.5 account layouts: decoders and in-place encoders.
export * from "./common.js";
export * from "./lending-market.js";
export * from "./reserve-config.js";
export * from "./reserve.js";
export * from "./obligation.js";
export * from "./user-metadata.js";
export * from "./referrer.js";
export * from "./global-config.js";
export * from "./program-data.js";
