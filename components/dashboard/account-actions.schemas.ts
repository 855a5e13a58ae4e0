/** What the signed-out account pages' server actions answer on failure. */
export interface ActionFailure {
  error: { code: string; message: string; field?: string };
}
