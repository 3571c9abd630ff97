export { startPeriodic, type OverrunPolicy, type PeriodicJob, type PeriodicJobOptions } from "./periodic.js";
