import type { RouteModule } from "../app.js";

export const transactionRoutes: RouteModule = () => {};
