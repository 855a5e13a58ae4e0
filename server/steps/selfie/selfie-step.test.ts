/** The checks a `selfie` step plans (face match and liveness) and its settings' defaults. */
import { describe, expect, it } from "vitest";
import { resolveCheck } from "../../checks/catalog";
import { checksForStep } from "../../checks/step-checks";
import { DEFAULT_FACE_MATCH_THRESHOLD, DEFAULT_LIVENESS_THRESHOLD } from "../../intelligence/face/face-thresholds";
import { DEFAULT_LIVENESS_ACTIONS } from "../../intelligence/face/liveness/liveness-judge";
import { INDIA_WORKFLOWS } from "../../workflows/india-workflows";
import { selfieStep } from "./selfie-step";
import { SELFIE_FRAME_KIND, ZSelfieSettings } from "./selfie.schemas";

describe("selfie: planned checks (face match and liveness)", () => {
  const SELFIE = "file_SeLfIeSeLfIeSeLfIeSeLfIe";
  const FRONT = "file_FrOnTFrOnTFrOnTFrOnT0000";
  const BACK = "file_BaCkBaCkBaCkBaCkBaCk0000";
  const CHALLENGE = "lch_ChAlLeNgEChAlLeNgE000000";
  const documents = (type: string) => ({ type: "documents", data: { document_type: type, files: [FRONT, BACK], fields: {} } });
  const aadhaar = { type: "aadhaar", data: { method: "offline_ekyc" } };
  const plan = (settings: Record<string, unknown>, steps: { type: string; data: unknown }[], data: unknown = { files: [SELFIE], challenge_id: CHALLENGE }) =>
    checksForStep("selfie", settings, data, "camera", [...steps, { type: "selfie", data }]);

  it("compares with the document's photo side and checks liveness on the server's challenge, with the calibrated defaults", () => {
    const planned = plan({}, [documents("aadhaar_card")]);
    expect(planned).toEqual([
      { key: "in.face.match", input: { selfie_file_id: SELFIE, document_file_id: FRONT, compare_with: "any", threshold: DEFAULT_FACE_MATCH_THRESHOLD } },
      { key: "in.liveness.check", input: { selfie_file_id: SELFIE, threshold: DEFAULT_LIVENESS_THRESHOLD, challenge_id: CHALLENGE } },
    ]);
    for (const c of planned) expect(resolveCheck(c.key).input.safeParse(c.input).success).toBe(true);
  });

  it("uses the workflow's thresholds and reference", () => {
    const [match, liveness] = plan({ face_match: { threshold: 0.7, compare_with: "aadhaar" }, liveness: { threshold: 0.6 } }, [aadhaar, documents("passport")]);
    expect(match).toEqual({ key: "in.face.match", input: { selfie_file_id: SELFIE, compare_with: "aadhaar", threshold: 0.7 } });
    expect(liveness!.input).toEqual({ selfie_file_id: SELFIE, threshold: 0.6, challenge_id: CHALLENGE });
  });

  it("turns the face match on by default only when the workflow has a document or Aadhaar step", () => {
    expect(plan({}, [aadhaar]).map((c) => c.key)).toEqual(["in.face.match", "in.liveness.check"]);
    expect(plan({}, []).map((c) => c.key)).toEqual(["in.liveness.check"]);
    expect(plan({ face_match: { enabled: true } }, []).map((c) => c.key)).toEqual(["in.face.match", "in.liveness.check"]);
    expect(plan({ face_match: { enabled: false } }, [documents("pan_card")]).map((c) => c.key)).toEqual(["in.liveness.check"]);
  });

  it("never offers a photo-less document (a GST certificate) as the reference", () => {
    expect(plan({ face_match: { compare_with: "document" } }, [documents("gst_certificate")])[0]!.input).toEqual({
      selfie_file_id: SELFIE,
      compare_with: "document",
      threshold: DEFAULT_FACE_MATCH_THRESHOLD,
    });
  });

  it("without the challenge (active: none) plans no liveness check, passive or not: a passive score alone proves nothing", () => {
    expect(plan({ face_match: { enabled: false }, liveness: { active: "none" } }, [], { files: [SELFIE] })).toEqual([]);
    expect(plan({ face_match: { enabled: false }, liveness: { passive: false, active: "none" } }, [])).toEqual([]);
    // active only: the passive score never lowers the verdict
    expect(plan({ face_match: { enabled: false }, liveness: { passive: false } }, [])[0]!.input).toEqual({
      selfie_file_id: SELFIE,
      threshold: 0,
      challenge_id: CHALLENGE,
    });
  });
});

describe("ZSelfieSettings defaults", () => {
  it("fills every setting a workflow leaves out: the challenge is on by default, drawn from every action but blink", () => {
    expect(ZSelfieSettings.parse({})).toEqual({
      face_match: { threshold: DEFAULT_FACE_MATCH_THRESHOLD, compare_with: "any" },
      liveness: {
        passive: true,
        threshold: DEFAULT_LIVENESS_THRESHOLD,
        active: "challenge",
        actions: ["turn_left", "turn_right", "look_up", "move_closer"],
        max_attempts: 3,
      },
    });
  });

  it("reads the earlier fixed gestures (turn_head, blink) as the challenge", () => {
    expect(ZSelfieSettings.parse({ liveness: { active: "turn_head" } }).liveness.active).toBe("challenge");
    expect(ZSelfieSettings.parse({ liveness: { active: "blink" } }).liveness.active).toBe("challenge");
  });

  it("lets a workflow ask for a blink explicitly", () => {
    expect(ZSelfieSettings.parse({ liveness: { actions: ["turn_left", "blink"] } }).liveness.actions).toEqual(["turn_left", "blink"]);
  });

  it("refuses thresholds outside 0..1, unknown challenges and actions, action lists without a head turn, and 0 or 6 attempts", () => {
    expect(ZSelfieSettings.safeParse({ face_match: { threshold: 1.5 } }).success).toBe(false);
    expect(ZSelfieSettings.safeParse({ liveness: { active: "smile" } }).success).toBe(false);
    expect(ZSelfieSettings.safeParse({ liveness: { actions: ["look_up", "smile"] } }).success).toBe(false);
    expect(ZSelfieSettings.safeParse({ liveness: { actions: ["look_up", "blink"] } }).success).toBe(false);
    expect(ZSelfieSettings.safeParse({ liveness: { actions: ["turn_left", "turn_left"] } }).success).toBe(false);
    expect(ZSelfieSettings.safeParse({ liveness: { actions: ["turn_left", "blink"], max_attempts: 0 } }).success).toBe(false);
    expect(ZSelfieSettings.safeParse({ liveness: { max_attempts: 6 } }).success).toBe(false);
    expect(ZSelfieSettings.parse({ liveness: { actions: ["turn_right", "move_closer"], max_attempts: 1 } }).liveness).toMatchObject({
      actions: ["turn_right", "move_closer"],
      max_attempts: 1,
    });
  });
});

describe("selfie: uploads and the India templates", () => {
  it("takes challenge frames only when the step asks for the challenge", () => {
    expect(selfieStep.uploadKinds!(ZSelfieSettings.parse({ liveness: { active: "none" } }), {} as never)).toEqual(["selfie"]);
    expect(selfieStep.uploadKinds!(ZSelfieSettings.parse({}), {} as never)).toEqual(["selfie", SELFIE_FRAME_KIND]);
  });

  it("every India template's selfie proves liveness with the challenge: the actions shown passing, the default attempts", () => {
    const selfies = INDIA_WORKFLOWS.flatMap((w) => w.definition.steps.filter((st) => st.type === "selfie").map((st) => [w.name, st.settings] as const));
    expect(selfies.map(([name]) => name)).toEqual(["India KYC (full)", "India KYC (DigiLocker)", "India KYC (CKYC first)"]);
    for (const [name, settings] of selfies) {
      expect(ZSelfieSettings.parse(settings).liveness, name).toEqual({
        passive: true,
        threshold: DEFAULT_LIVENESS_THRESHOLD,
        active: "challenge",
        actions: [...DEFAULT_LIVENESS_ACTIONS],
        max_attempts: 3,
      });
    }
    expect(DEFAULT_LIVENESS_ACTIONS).not.toContain("blink");
  });
});
