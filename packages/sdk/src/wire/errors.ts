// The error reply every /api route answers with when it does not answer 200: the client's input (4xx, never 500),
// or a failure of the ledger or another service the server depends on (502).

/** One field of a request that failed its schema. */
export interface FieldIssue {
  /** Where it is: "body.wallet", "query.before", "params.bank", "body.transactions.0". */
  readonly field: string;
  /** The schema's message (absent only when the validator gave none). */
  readonly message?: string;
}

export interface ErrorReply {
  readonly success: false;
  /** What went wrong, for people; a schema failure reads "Invalid <field>: <message>". */
  readonly error: string;
  /** On a schema failure (400): the first failing field. */
  readonly field?: string;
  /**
   * On a schema failure: every failing field, as FieldIssue[]. Otherwise the facts the route attached, if any (e.g.
   * { signaturesLanded, failedIndex } when the ledger could not be reached mid-send).
   */
  readonly details?: unknown;
}
