import type { RouteModule } from "../app.js";

export const activityRoutes: RouteModule = () => {};
