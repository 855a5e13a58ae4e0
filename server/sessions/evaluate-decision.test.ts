import { describe, expect, it } from "vitest";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { type TDecisionRules, ZDecisionRules, ZWorkflowDefinition } from "../workflows/workflow.schemas";
import { type CheckFact, conditionHolds, type DecisionFacts, evaluateDecision } from "./evaluate-decision";

const india = INDIA_WORKFLOWS[0]!.definition.decision;

const pan = (over: Partial<CheckFact> = {}): CheckFact => ({
  checkKey: "in.pan.verify",
  genericKey: "tax_id.verify",
  status: "passed",
  errorCode: null,
  score: 1,
  provider: "sandbox",
  ...over,
});
const phone = (over: Partial<CheckFact> = {}): CheckFact => ({
  checkKey: "in.phone.verify",
  genericKey: "phone.verify",
  status: "passed",
  errorCode: null,
  provider: "otp",
  ...over,
});
const documents = (over: Partial<CheckFact> = {}): CheckFact => ({
  checkKey: "in.document.review",
  genericKey: "document.review",
  status: "needs_review",
  errorCode: null,
  provider: "manual",
  ...over,
});

/** Rules parsed exactly as a stored workflow version is read. */
const rules = (input: unknown): TDecisionRules => ZDecisionRules.parse(input);

describe("the rule `all_checks_passed -> approve`", () => {
  const r = rules({ rules: [{ name: "all_passed", when: { type: "all_checks_passed" }, outcome: "approve" }], otherwise: "review" });

  it("approves when every check of a required step passed, naming the rule", () => {
    const d = evaluateDecision(r, { checks: [pan(), phone()] });
    expect(d).toEqual({ outcome: "approve", reasons: ["all_passed"], explanations: ["all_passed: all 2 checks of required steps passed"] });
  });

  it("ignores the checks of optional steps", () => {
    expect(evaluateDecision(r, { checks: [pan(), phone({ status: "failed", errorCode: "phone_not_verified", required: false })] }).outcome).toBe("approve");
  });

  it("does not hold when a required check failed: nothing matches, so the session goes to review", () => {
    const d = evaluateDecision(r, { checks: [pan({ status: "failed", errorCode: "dob_mismatch" })] });
    expect(d.outcome).toBe("review");
    expect(d.reasons).toEqual(["in.pan.verify:dob_mismatch"]);
  });
});

describe("the rule `PAN not found -> decline`", () => {
  const r = rules({
    rules: [
      { name: "pan_not_found", when: { type: "check", check: "in.pan.verify", status: ["failed"], error_code: ["pan_not_found"] }, outcome: "decline" },
      { name: "all_passed", when: { type: "all_checks_passed" }, outcome: "approve" },
    ],
  });

  it("declines a PAN the registry does not find", () => {
    const d = evaluateDecision(r, { checks: [pan({ status: "failed", errorCode: "pan_not_found", score: null })] });
    expect(d).toMatchObject({ outcome: "decline", reasons: ["pan_not_found"] });
    expect(d.explanations[0]).toBe("pan_not_found: in.pan.verify failed (pan_not_found)");
  });

  it("does not fire on another error code, nor on a passed PAN", () => {
    expect(evaluateDecision(r, { checks: [pan({ status: "failed", errorCode: "pan_inactive" })] }).outcome).toBe("review");
    expect(evaluateDecision(r, { checks: [pan()] }).outcome).toBe("approve");
  });

  it("matches the generic key as well as the country key", () => {
    const generic = rules({ rules: [{ name: "no_tax_id", when: { check: "tax_id.verify", status: ["failed"] }, outcome: "decline" }] });
    expect(evaluateDecision(generic, { checks: [pan({ status: "failed", errorCode: "pan_not_found" })] }).outcome).toBe("decline");
  });
});

describe("the rule `name match score < 0.8 -> review`", () => {
  const r = rules({
    rules: [
      { name: "name_low", when: { type: "check", check: "in.pan.verify", score_below: 0.8 }, outcome: "review" },
      { name: "all_passed", when: { type: "all_checks_passed" }, outcome: "approve" },
    ],
  });

  it("sends a name scoring below 0.8 to review, with the score in the explanation", () => {
    const d = evaluateDecision(r, { checks: [pan({ status: "failed", errorCode: "name_mismatch", score: 0.77 })] });
    expect(d).toEqual({ outcome: "review", reasons: ["name_low"], explanations: ["name_low: in.pan.verify failed (name_mismatch), score 0.77"] });
  });

  it("fires even when the check passed (a workflow may be stricter than the provider)", () => {
    const strict = rules({ rules: [{ name: "name_below_095", when: { check: "in.pan.verify", score_below: 0.95 }, outcome: "review" }] });
    expect(evaluateDecision(strict, { checks: [pan({ score: 0.925 })] }).reasons).toEqual(["name_below_095"]);
  });

  it("does not fire at exactly 0.8, nor without a score (PAN not found)", () => {
    expect(evaluateDecision(r, { checks: [pan({ score: 0.8 })] }).outcome).toBe("approve");
    expect(conditionHolds(r.rules[0]!.when, { checks: [pan({ status: "failed", errorCode: "pan_not_found", score: null })] })).toBeNull();
  });
});

describe("the rule `any manual check -> review`", () => {
  const r = rules({
    rules: [
      { name: "manual_check", when: { type: "manual_check" }, outcome: "review" },
      { name: "all_passed", when: { type: "all_checks_passed" }, outcome: "approve" },
    ],
  });

  it("sends a session with a document waiting for a reviewer to review, naming the rule", () => {
    const d = evaluateDecision(r, { checks: [pan(), documents()] });
    expect(d).toEqual({ outcome: "review", reasons: ["manual_check"], explanations: ["manual_check: in.document.review waits for a reviewer"] });
  });

  it("does not hold without a manual check", () => {
    expect(conditionHolds({ type: "manual_check" }, { checks: [pan(), phone()] })).toBeNull();
  });
});

describe("the rule `duplicate with a declined session -> review`", () => {
  const r = rules({
    rules: [
      { name: "duplicate_of_declined", when: { type: "duplicate", status: ["declined"] }, outcome: "review" },
      { name: "all_passed", when: { type: "all_checks_passed" }, outcome: "approve" },
    ],
  });
  const facts = (status: string, signals = ["pan"]): DecisionFacts => ({ checks: [pan()], duplicates: [{ sessionId: "ses_other", status, signals }] });

  it("sends a session sharing a signal with a declined session to review, naming that session", () => {
    const d = evaluateDecision(r, facts("declined", ["pan", "phone"]));
    expect(d).toEqual({
      outcome: "review",
      reasons: ["duplicate_of_declined"],
      explanations: ["duplicate_of_declined: same pan, phone as ses_other (declined)"],
    });
  });

  it("ignores duplicates in other statuses and, with `signals`, other kinds of signal", () => {
    expect(evaluateDecision(r, facts("approved")).outcome).toBe("approve");
    const phoneOnly = rules({ rules: [{ name: "same_phone", when: { type: "duplicate", signals: ["phone"] }, outcome: "review" }] });
    expect(conditionHolds(phoneOnly.rules[0]!.when, facts("declined", ["pan"]))).toBeNull();
    expect(conditionHolds(phoneOnly.rules[0]!.when, facts("approved", ["email", "phone"]))).toBe("same email, phone as ses_other (approved)");
  });
});

describe("the rule `names_differ`", () => {
  const when = { type: "names_differ" as const, below: 0.8 };

  it("holds when two verified names score below the threshold, without naming anyone", () => {
    const what = conditionHolds(when, {
      checks: [],
      names: [
        { source: "pan_registry", name: "RAVI KUMAR" },
        { source: "aadhaar", name: "Amit Kumar" },
      ],
    });
    expect(what).toBe("pan_registry name vs aadhaar name: score 0.231");
  });

  it("does not hold for spellings of one name, nor with a single name", () => {
    expect(
      conditionHolds(when, {
        checks: [],
        names: [
          { source: "pan_registry", name: "MOHD RAFI" },
          { source: "aadhaar", name: "Mohammed Rafi" },
        ],
      }),
    ).toBeNull();
    expect(conditionHolds(when, { checks: [], names: [{ source: "pan_registry", name: "RAVI KUMAR" }] })).toBeNull();
  });
});

describe("combining rules", () => {
  it("lets the strongest outcome win whatever the order (decline > review > approve), and names only the rules of that outcome", () => {
    const list = [
      { name: "all_passed", when: { type: "all_checks_passed" }, outcome: "approve" },
      { name: "same_phone", when: { type: "duplicate", signals: ["phone"] }, outcome: "review" },
      { name: "dup_declined", when: { type: "duplicate", status: ["declined"] }, outcome: "decline" },
    ];
    const facts: DecisionFacts = { checks: [pan()], duplicates: [{ sessionId: "ses_x", status: "declined", signals: ["phone"] }] };
    expect(evaluateDecision(rules({ rules: list }), facts).reasons).toEqual(["dup_declined"]);
    expect(evaluateDecision(rules({ rules: [...list].reverse() }), facts)).toMatchObject({ outcome: "decline", reasons: ["dup_declined"] });
    const reviewOnly = evaluateDecision(rules({ rules: list.slice(0, 2) }), facts);
    expect(reviewOnly).toMatchObject({ outcome: "review", reasons: ["same_phone"] });
  });

  it("never lets an approval stand while a check errored or waits for a reviewer", () => {
    const approveAll = rules({ rules: [{ name: "pan_ok", when: { check: "in.pan.verify", status: ["passed"] }, outcome: "approve" }] });
    const d = evaluateDecision(approveAll, { checks: [pan(), phone({ status: "error", errorCode: "provider_timeout" })] });
    expect(d).toMatchObject({ outcome: "review", reasons: ["in.phone.verify:provider_timeout"] });
  });

  it("applies `otherwise` when nothing matched and every check passed", () => {
    expect(evaluateDecision(rules({ rules: [], otherwise: "review" }), { checks: [pan()] })).toEqual({ outcome: "review", reasons: [], explanations: [] });
    expect(evaluateDecision(rules({}), { checks: [pan()] }).outcome).toBe("approve");
  });
});

describe("the India KYC rules", () => {
  it("approves a passed PAN by `all_required_checks_passed`", () => {
    expect(evaluateDecision(india, { checks: [pan()] })).toMatchObject({ outcome: "approve", reasons: ["all_required_checks_passed"] });
  });

  it("sends a PAN the registry does not find to review, naming the rule", () => {
    expect(evaluateDecision(india, { checks: [pan({ status: "failed", errorCode: "pan_not_found", score: null })] })).toMatchObject({
      outcome: "review",
      reasons: ["pan_not_found"],
    });
  });

  it("sends a low name score to review, declines an inactive PAN", () => {
    expect(evaluateDecision(india, { checks: [pan({ status: "failed", errorCode: "name_mismatch", score: 0 })] }).reasons).toEqual(["pan_name_mismatch"]);
    expect(evaluateDecision(india, { checks: [pan({ status: "failed", errorCode: "pan_inactive" })] })).toMatchObject({
      outcome: "decline",
      reasons: ["pan_inactive"],
    });
  });

  it("never approves a provider error: it needs a reviewer", () => {
    expect(evaluateDecision(india, { checks: [pan({ status: "error", errorCode: "provider_timeout", score: null })] })).toMatchObject({
      outcome: "review",
      reasons: ["in.pan.verify:provider_timeout"],
    });
  });

  it("sends documents, duplicates of declined sessions and differing names to review", () => {
    expect(evaluateDecision(india, { checks: [pan(), documents()] }).reasons).toEqual(["manual_check"]);
    expect(evaluateDecision(india, { checks: [pan()], duplicates: [{ sessionId: "ses_d", status: "declined", signals: ["pan"] }] }).reasons).toEqual([
      "duplicate_of_declined",
    ]);
    const names = [
      { source: "pan_registry", name: "RAVI KUMAR" },
      { source: "aadhaar", name: "SITA DEVI" },
    ];
    expect(evaluateDecision(india, { checks: [pan()], names }).reasons).toEqual(["names_differ"]);
  });
});

describe("the condition `document_signal`", () => {
  const corrected = { code: "field_corrected", severity: "review" as const, field: "date_of_birth", documentType: "pan_card" };
  const misread = { code: "field_corrected", severity: "info" as const, field: "name", documentType: "pan_card" };
  const mrz = { code: "mrz_visual_mismatch", severity: "review" as const, field: "date_of_birth", documentType: "passport" };
  const unsure = { code: "field_low_confidence", severity: "info" as const, field: "name", documentType: "pan_card" };
  const holds = (when: unknown, documentSignals: DecisionFacts["documentSignals"]) =>
    conditionHolds(rules({ rules: [{ name: "r", when, outcome: "review" }] }).rules[0]!.when, { checks: [], documentSignals });

  it("without kinds, holds for signals meant for a reviewer only, naming document, code and field", () => {
    expect(holds({ type: "document_signal" }, [corrected, misread])).toBe("pan_card: field_corrected (date_of_birth)");
    expect(holds({ type: "document_signal" }, [misread, unsure])).toBeNull();
    expect(holds({ type: "document_signal" }, [])).toBeNull();
    expect(holds({ type: "document_signal" }, undefined)).toBeNull();
  });

  it("with kinds, holds for those codes of any severity unless a severity is given", () => {
    expect(holds({ type: "document_signal", kinds: ["mrz_visual_mismatch", "mrz_check_digit_invalid"] }, [corrected, mrz])).toBe(
      "passport: mrz_visual_mismatch (date_of_birth)",
    );
    expect(holds({ type: "document_signal", kinds: ["field_low_confidence"] }, [unsure])).toBe("pan_card: field_low_confidence (name)");
    expect(holds({ type: "document_signal", kinds: ["field_corrected"], severity: ["review"] }, [misread])).toBeNull();
    expect(holds({ type: "document_signal", kinds: ["field_corrected"], severity: ["info"] }, [misread, corrected])).toBe("pan_card: field_corrected (name)");
  });

  it("rejects unknown signal kinds and empty lists", () => {
    expect(ZDecisionRules.safeParse({ rules: [{ name: "x", when: { type: "document_signal", kinds: ["looks_fake"] }, outcome: "review" }] }).success).toBe(
      false,
    );
    expect(ZDecisionRules.safeParse({ rules: [{ name: "x", when: { type: "document_signal", kinds: [] }, outcome: "review" }] }).success).toBe(false);
  });
});

describe("the India KYC (full) rules: selfie and documents", () => {
  const full = INDIA_WORKFLOWS.find((w) => w.name === "India KYC (full)")!.definition.decision;
  const face = (over: Partial<CheckFact> = {}): CheckFact => ({
    checkKey: "in.face.match",
    genericKey: "face.match",
    status: "passed",
    errorCode: null,
    score: 0.86,
    provider: "face",
    ...over,
  });
  const liveness = (over: Partial<CheckFact> = {}): CheckFact => ({
    checkKey: "in.liveness.check",
    genericKey: "liveness.check",
    status: "passed",
    errorCode: null,
    score: 0.8,
    provider: "face",
    ...over,
  });

  it("approves a matching, live selfie when everything else passed", () => {
    expect(evaluateDecision(full, { checks: [pan(), face(), liveness()] })).toMatchObject({ outcome: "approve", reasons: ["all_required_checks_passed"] });
  });

  it("declines a face that clearly does not match, explaining the score", () => {
    const d = evaluateDecision(full, { checks: [pan(), face({ status: "failed", errorCode: "face_mismatch", score: 0.27 }), liveness()] });
    expect(d).toMatchObject({ outcome: "decline", reasons: ["face_mismatch"] });
    expect(d.explanations[0]).toContain("in.face.match failed (face_mismatch), score 0.27");
  });

  it("sends a borderline match, a missing face, a duplicate face and a failed challenge to review", () => {
    for (const c of [
      face({ status: "needs_review", errorCode: "face_mismatch", score: 0.45 }),
      face({ status: "failed", errorCode: "face_not_found", score: null }),
      face({ status: "needs_review", errorCode: "face_duplicate" }),
    ]) {
      expect(evaluateDecision(full, { checks: [pan(), c, liveness()] })).toMatchObject({ outcome: "review", reasons: ["face_needs_review"] });
    }
    expect(evaluateDecision(full, { checks: [pan(), face(), liveness({ status: "needs_review", errorCode: "liveness_challenge_failed" })] })).toMatchObject({
      outcome: "review",
      reasons: ["liveness_not_confirmed"],
    });
  });

  it("sends a document with a review signal to review, also when every check passed", () => {
    const documentSignals = [{ code: "field_corrected", severity: "review" as const, field: "pan", documentType: "pan_card" }];
    expect(evaluateDecision(full, { checks: [pan(), face(), liveness()], documentSignals })).toMatchObject({ outcome: "review", reasons: ["document_signal"] });
  });
});

describe("the rule schema", () => {
  it("reads stored rules from before `type` existed as check conditions", () => {
    const parsed = rules({
      rules: [{ name: "legacy", when: { check: "in.pan.verify", status: ["failed"], error_code: ["pan_not_found"] }, outcome: "review" }],
    });
    expect(parsed.rules[0]!.when).toEqual({ type: "check", check: "in.pan.verify", status: ["failed"], error_code: ["pan_not_found"] });
  });

  it("rejects a check condition without a filter, an unknown condition type, duplicate rule names and bad keys", () => {
    expect(ZDecisionRules.safeParse({ rules: [{ name: "x", when: { type: "check", check: "in.pan.verify" }, outcome: "review" }] }).success).toBe(false);
    expect(ZDecisionRules.safeParse({ rules: [{ name: "x", when: { type: "moon_phase" }, outcome: "review" }] }).success).toBe(false);
    const twice = { name: "same", when: { type: "manual_check" }, outcome: "review" };
    expect(ZDecisionRules.safeParse({ rules: [twice, twice] }).success).toBe(false);
    expect(ZDecisionRules.safeParse({ rules: [{ name: "x", when: { check: "PAN", status: ["failed"] }, outcome: "review" }] }).success).toBe(false);
  });

  it("accepts the seeded India workflows as they are stored", () => {
    for (const w of INDIA_WORKFLOWS) expect(ZWorkflowDefinition.parse(JSON.parse(JSON.stringify(w.definition)))).toEqual(w.definition);
  });
});
