// Public surface of the lending program package: everything clients use (browser.ts) plus the program itself.
export * from "./browser.js";
export { lendingProgram, INSTRUCTIONS } from "./program/lending-program.js";
