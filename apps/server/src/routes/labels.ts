import type { RouteModule } from "../app.js";

export const labelRoutes: RouteModule = () => {};
