// A user whose margin account a bankruptcy disabled opens a new one, so bankruptcies do not thin out the users
// the other operations act on.
import { AccountFlags } from "../../src/index.js";
import type { Actor, World } from "../world.js";
import { at, defineOp, index } from "./op.js";

const disabled = (world: World, actor: Actor) => (world.account(actor).accountFlags & AccountFlags.ACCOUNT_DISABLED) !== 0n;

export const reopenAccount = defineOp({
  kind: "reopenAccount",
  weight: 2,
  generate: (random) => ({ user: index(random, 6) }),
  async execute(world, args) {
    const closed = world.users.filter((actor) => disabled(world, actor));
    if (closed.length === 0) return "skipped";
    await world.reopen(at(closed, args.user));
    return "ok";
  },
});
