export { ActionBoxProvider } from "./ActionBoxProvider.js";
export { useActionBox, type ActionBoxApi, type ActionType } from "./context.js";
