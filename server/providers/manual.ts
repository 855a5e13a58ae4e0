/**
 * The manual provider (`in.document.review`): no one answers automatically; the check waits as
 * `needs_review` until a reviewer decides the session (then `verified_by: reviewer`).
 */
import type { CheckProvider } from "./provider";

export const manualProvider: CheckProvider = {
  name: "manual",
  supports: (key) => key === "in.document.review",
  async verify() {
    return { status: "needs_review", errorCode: null, score: null, verifiedBy: null, result: { awaiting: "reviewer" } };
  },
};
