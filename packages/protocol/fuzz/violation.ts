/** A broken invariant: `invariant` names which (shrinking keeps a failure of the same one), `detail` says how. */
export class InvariantViolation extends Error {
  constructor(
    readonly invariant: string,
    readonly detail: string,
  ) {
    super(`${invariant}: ${detail}`);
    this.name = "InvariantViolation";
  }
}
