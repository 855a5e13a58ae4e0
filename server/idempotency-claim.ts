/**
 * What a domain write needs to honour the caller's Idempotency-Key inside its own statement
 * (decisions.md "Idempotency"), without knowing the transport: the transport that received
 * the key (server/http/idempotency.ts for /v1) implements `IdempotencyClaim` and hands it in;
 * the domain only embeds the SQL and reports a key that was already taken.
 */
import type { Sql } from "./sql";

/**
 * A claim on one Idempotency-Key, taken by the write that creates the result (opt-in per
 * endpoint): the key's record is inserted already completed, carrying the response for
 * `result`, as one member of the domain's statement.
 */
export interface IdempotencyClaim {
  /**
   * `INSERT ... SELECT ... WHERE <guard> ON CONFLICT DO NOTHING RETURNING id` of the completed
   * record for the domain's `result` (the transport turns it into the stored response). Use it
   * as a CTE and make every other write depend on it returning a row.
   */
  claimSql(result: unknown, guard: Sql): Sql;
}

/** The domain write's claim found the key already taken: the transport answers as the key's record says. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super("idempotency key taken");
    this.name = "IdempotencyKeyTaken";
  }
}
