/**
 * A response body that is already JSON text (built by PostgreSQL for the hot reads,
 * server/sessions/session.dto.ts), typed by the value it encodes. The /v1 pipeline sends the
 * text as it is instead of serializing an object again (server/http/pipeline/response-schema.ts);
 * `parse()` gives the value to callers that need objects (the dashboard, tests).
 */
export class JsonText<T> {
  /** Phantom: the type of the value the text encodes (never set). */
  declare readonly value?: T;

  constructor(readonly text: string) {}

  /** The encoded value. @throws SyntaxError when the text is not JSON. */
  parse(): T {
    return JSON.parse(this.text) as T;
  }
}
