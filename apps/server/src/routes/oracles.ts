import type { RouteModule } from "../app.js";

export const oracleRoutes: RouteModule = () => {};
