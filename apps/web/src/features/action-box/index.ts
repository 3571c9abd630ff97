export { ActionBoxProvider } from "./ActionBoxProvider.js";
export { useActionBox, type ActionType } from "./context.js";
