import type { RouteModule } from "../app.js";

export const bankRoutes: RouteModule = () => {};
