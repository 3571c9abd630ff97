import type { RouteModule } from "../app.js";

export const authRoutes: RouteModule = () => {};
