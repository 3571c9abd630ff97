// A simplified single-validator stake pool for staked-SOL collateral banks.
export {};
