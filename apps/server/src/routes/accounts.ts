import type { RouteModule } from "../app.js";

export const accountRoutes: RouteModule = () => {};
