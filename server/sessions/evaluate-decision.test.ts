import { describe, expect, it } from "vitest";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { evaluateDecision } from "./evaluate-decision";

const rules = INDIA_WORKFLOWS[0]!.definition.decision;

describe("evaluateDecision with the India KYC rules", () => {
  it("approves when the PAN check passed", () => {
    expect(evaluateDecision(rules, [{ checkKey: "in.pan.verify", status: "passed", errorCode: null }])).toEqual({ outcome: "approve", reasons: [] });
  });

  it("sends a PAN the registry does not find to review, naming the rule", () => {
    expect(evaluateDecision(rules, [{ checkKey: "in.pan.verify", status: "failed", errorCode: "pan_not_found" }])).toEqual({
      outcome: "review",
      reasons: ["pan_not_found"],
    });
  });

  it("declines an inactive PAN", () => {
    expect(evaluateDecision(rules, [{ checkKey: "in.pan.verify", status: "failed", errorCode: "pan_inactive" }]).outcome).toBe("decline");
  });

  it("never approves a provider error: it needs a reviewer", () => {
    expect(evaluateDecision(rules, [{ checkKey: "in.pan.verify", status: "error", errorCode: "provider_timeout" }])).toEqual({
      outcome: "review",
      reasons: ["in.pan.verify:provider_timeout"],
    });
  });

  it("lets decline win over review when several rules match", () => {
    const r = evaluateDecision(
      { rules: [...rules.rules, { name: "any_error", when: { check: "x", status: ["error"] }, outcome: "review" }], otherwise: "approve" },
      [
        { checkKey: "in.pan.verify", status: "failed", errorCode: "pan_inactive" },
        { checkKey: "x", status: "error", errorCode: null },
      ],
    );
    expect(r).toEqual({ outcome: "decline", reasons: ["pan_inactive", "any_error"] });
  });
});
