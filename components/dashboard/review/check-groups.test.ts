/**
 * The case view's step cards (components/dashboard/case-steps.tsx) show every check a step
 * planned, each with its latest attempt, and fold earlier attempts per check key.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CaseSteps } from "../case-steps";
import type { CaseCheck, CaseSession, CaseStep } from "../types";
import { groupChecks } from "./check-groups";

let n = 0;
function check(step: string, check_key: string, status: CaseCheck["status"], created_at: string, extra: Partial<CaseCheck> = {}): CaseCheck {
  return {
    id: `chk_${String(++n).padStart(24, "0")}`,
    object: "check",
    step,
    capability: null,
    generic_key: check_key.replace(/^in\./, ""),
    check_key,
    provider: "sandbox",
    status,
    verified_by: "source",
    score: null,
    error_code: null,
    from_cache: false,
    result: {},
    provider_attempts: [],
    created_at,
    finished_at: created_at,
    ...extra,
  } as CaseCheck;
}

const selfie = [
  check("selfie", "in.face.match", "failed", "2026-03-01T10:00:00.000Z", { score: 0.41, error_code: "face_mismatch" }),
  check("selfie", "in.liveness.check", "passed", "2026-03-01T10:00:01.000Z", { score: 0.97 }),
  check("selfie", "in.face.match", "passed", "2026-03-02T09:00:00.000Z", { score: 0.91 }),
  check("selfie", "in.liveness.check", "needs_review", "2026-03-02T09:00:01.000Z", { score: 0.55 }),
];

describe("groupChecks", () => {
  it("keeps the newest attempt of each check key current, earlier ones newest first, keys in the order they first ran", () => {
    const groups = groupChecks(selfie);
    expect(groups.map((g) => [g.key, g.current.status, g.earlier.map((c) => c.status)])).toEqual([
      ["in.face.match", "passed", ["failed"]],
      ["in.liveness.check", "needs_review", ["passed"]],
    ]);
  });
});

describe("a step card", () => {
  it("shows the current face match and liveness of a resubmitted selfie, each with its earlier attempt folded", () => {
    const step = {
      name: "selfie",
      type: "selfie",
      status: "needs_review",
      data: { files: ["file_x"] },
      submittedAt: new Date("2026-03-02T08:59:00.000Z"),
    } as CaseStep;
    const session = { type: "kyc", pii_erased_at: null, checks: selfie } as unknown as CaseSession;
    const html = renderToStaticMarkup(createElement(CaseSteps, { session, steps: [step] }));
    const groups = [...html.matchAll(/data-check-key="([^"]+)"/g)].map((m) => m[1]);
    expect(groups).toEqual(["in.face.match", "in.liveness.check"]);
    const [face, liveness] = html.split('data-testid="check-group"').slice(1);
    expect(face).toMatch(/score: 0\.91.*<details.*1 earlier attempt of .*in\.face\.match.*score: 0\.41/s);
    expect(liveness).toMatch(/score: 0\.55.*<details.*1 earlier attempt of .*in\.liveness\.check.*score: 0\.97/s);
  });
});
