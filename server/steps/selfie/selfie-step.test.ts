/** The checks a `selfie` step plans (face match and liveness) and its settings' defaults. */
import { describe, expect, it } from "vitest";
import { resolveCheck } from "../../checks/catalog";
import { checksForStep } from "../../checks/step-checks";
import { DEFAULT_FACE_MATCH_THRESHOLD, DEFAULT_LIVENESS_THRESHOLD } from "../../intelligence/face/face-thresholds";
import { ZSelfieSettings } from "./selfie.schemas";

describe("selfie: planned checks (face match and liveness)", () => {
  const SELFIE = "file_SeLfIeSeLfIeSeLfIeSeLfIe";
  const FRONT = "file_FrOnTFrOnTFrOnTFrOnT0000";
  const BACK = "file_BaCkBaCkBaCkBaCkBaCk0000";
  const frames = ["file_FrAmE1FrAmE1FrAmE1FrAmE1", "file_FrAmE2FrAmE2FrAmE2FrAmE2", "file_FrAmE3FrAmE3FrAmE3FrAmE3"];
  const documents = (type: string) => ({ type: "documents", data: { document_type: type, files: [FRONT, BACK], fields: {} } });
  const aadhaar = { type: "aadhaar", data: { method: "offline_ekyc" } };
  const plan = (settings: Record<string, unknown>, steps: { type: string; data: unknown }[], data: unknown = { files: [SELFIE] }) =>
    checksForStep("selfie", settings, data, "camera", [...steps, { type: "selfie", data }]);

  it("compares with the document's photo side and checks passive liveness, with the calibrated defaults", () => {
    const planned = plan({}, [documents("aadhaar_card")]);
    expect(planned).toEqual([
      { key: "in.face.match", input: { selfie_file_id: SELFIE, document_file_id: FRONT, compare_with: "any", threshold: DEFAULT_FACE_MATCH_THRESHOLD } },
      { key: "in.liveness.check", input: { selfie_file_id: SELFIE, threshold: DEFAULT_LIVENESS_THRESHOLD } },
    ]);
    for (const c of planned) expect(resolveCheck(c.key).input.safeParse(c.input).success).toBe(true);
  });

  it("uses the workflow's thresholds and reference", () => {
    const [match, liveness] = plan({ face_match: { threshold: 0.7, compare_with: "aadhaar" }, liveness: { threshold: 0.6 } }, [aadhaar, documents("passport")]);
    expect(match).toEqual({ key: "in.face.match", input: { selfie_file_id: SELFIE, compare_with: "aadhaar", threshold: 0.7 } });
    expect(liveness!.input).toEqual({ selfie_file_id: SELFIE, threshold: 0.6 });
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

  it("plans the active challenge with the frames; without passive liveness the passive score never decides", () => {
    const data = { files: [SELFIE], frames, challenge: "turn_head" };
    const [liveness] = plan({ face_match: { enabled: false }, liveness: { passive: false, active: "turn_head" } }, [], data);
    expect(liveness).toEqual({ key: "in.liveness.check", input: { selfie_file_id: SELFIE, threshold: 0, challenge: "turn_head", frame_file_ids: frames } });
    expect(resolveCheck("in.liveness.check").input.safeParse(liveness!.input).success).toBe(true);
    expect(plan({ face_match: { enabled: false }, liveness: { passive: false } }, [])).toEqual([]);
  });
});

describe("ZSelfieSettings defaults", () => {
  it("fills every setting a workflow leaves out", () => {
    expect(ZSelfieSettings.parse({})).toEqual({
      face_match: { threshold: DEFAULT_FACE_MATCH_THRESHOLD, compare_with: "any" },
      liveness: { passive: true, threshold: DEFAULT_LIVENESS_THRESHOLD, active: "none" },
    });
    expect(ZSelfieSettings.parse({ liveness: { active: "blink" } }).liveness).toEqual({
      passive: true,
      threshold: DEFAULT_LIVENESS_THRESHOLD,
      active: "blink",
    });
  });

  it("refuses thresholds outside 0..1 and unknown challenges", () => {
    expect(ZSelfieSettings.safeParse({ face_match: { threshold: 1.5 } }).success).toBe(false);
    expect(ZSelfieSettings.safeParse({ liveness: { active: "smile" } }).success).toBe(false);
  });
});
