import type { RouteModule } from "../app.js";

export const pointsRoutes: RouteModule = () => {};
