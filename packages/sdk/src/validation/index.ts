// Pure validators of the lending actions and the coded refusals they return.
export * from "./refusals.js";
export * from "./validators.js";
