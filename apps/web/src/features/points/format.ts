// Points as shown: up to two decimals (accrual is pro rata, so totals carry fractions).
import { formatTokenNumber } from "../../format/index.js";

export const formatPoints = (points: number) => formatTokenNumber(points, 2);
