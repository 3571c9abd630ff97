// The router: Jupiter v6's route and exact_out_route at Jupiter's program id, over the Ballast pools.
import { AccountChecks, AnchorArgsReader, anchorProgram } from "@ballast/anchor";
import type { Program } from "@ballast/ledger";
import { POOL_PROGRAM_ID, ROUTER_PROGRAM_ID } from "../../program-ids.js";
import { exactOutRoute } from "./exact-out-route.js";
import { route } from "./route.js";
import { RouteAccounts, translateMathError } from "./shared.js";

/** Each instruction's declared accounts, held to the client's instruction table by the tests. */
export const ROUTER_ACCOUNT_SPECS = { route: RouteAccounts, exact_out_route: RouteAccounts };

/** The router at Jupiter v6's id (unless another is given), routing over the pool program at `poolProgramId`. */
export function routerProgram(id: string = ROUTER_PROGRAM_ID, poolProgramId: string = POOL_PROGRAM_ID): Program {
  return anchorProgram(
    id,
    [
      { name: "route", units: 20_000, run: route(poolProgramId) },
      { name: "exact_out_route", units: 30_000, run: exactOutRoute(poolProgramId) },
    ],
    { accounts: (ctx) => new AccountChecks(ctx), args: (data) => new AnchorArgsReader(data), translate: translateMathError },
  );
}
