import { describe, expect, it } from "vitest";
import { resolveCheck } from "./catalog";
import { DEFAULT_FACE_MATCH_THRESHOLD, DEFAULT_LIVENESS_THRESHOLD } from "../intelligence/face/face-thresholds";
import { ZSelfieSettings } from "../workflows/workflow.schemas";
import { checksForStep } from "./step-checks";

const FILE = "file_AbCdEfGhIjKlMnOpQrStUvWx";
const OTP = "otp_AbCdEfGhIjKlMnOpQrStUvWx";

describe("checksForStep", () => {
  it("maps a PAN step to in.pan.verify with the workflow's holder type", () => {
    expect(checksForStep("pan", { holder: "business" }, { pan: "AAACR4321K", name: "Acme", dob: "2001-01-01" })).toEqual([
      { key: "in.pan.verify", input: { pan: "AAACR4321K", name: "Acme", dob: "2001-01-01", holder: "business" } },
    ]);
  });

  it("adds in.pan.aadhaar_link when the settings ask, for individuals only", () => {
    const data = { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" };
    expect(checksForStep("pan", { aadhaar_link: true }, data).map((c) => c.key)).toEqual(["in.pan.verify", "in.pan.aadhaar_link"]);
    expect(checksForStep("pan", { aadhaar_link: true }, data)[1]!.input).toEqual({ pan: "ABCPE1234F" });
    expect(checksForStep("pan", { holder: "business", aadhaar_link: true }, data).map((c) => c.key)).toEqual(["in.pan.verify"]);
    expect(checksForStep("pan", {}, data).map((c) => c.key)).toEqual(["in.pan.verify"]);
  });

  it("maps an Aadhaar step by the submitted method", () => {
    expect(checksForStep("aadhaar", {}, { method: "offline_ekyc", zip_base64: "UEsDBA==", share_code: "Ab12" })).toEqual([
      { key: "in.aadhaar.offline_ekyc", input: { zip_base64: "UEsDBA==", share_code: "Ab12" } },
    ]);
    expect(checksForStep("aadhaar", {}, { method: "secure_qr", qr_payload: "123" })).toEqual([{ key: "in.aadhaar.secure_qr", input: { qr_payload: "123" } }]);
    expect(checksForStep("aadhaar", {}, { qr_payload: "123" }, "secure_qr")[0]!.key).toBe("in.aadhaar.secure_qr");
  });

  it("never skips an Aadhaar step with an unknown method: its input fails the check's schema", () => {
    const [planned] = checksForStep("aadhaar", {}, { method: "aadhaar_number", number: "999999990019" });
    expect(planned!.key).toBe("in.aadhaar.offline_ekyc");
    expect(resolveCheck(planned!.key).input.safeParse(planned!.input).success).toBe(false);
  });

  it("maps phone, email and documents steps; their inputs pass the checks' schemas", () => {
    const planned = [
      ...checksForStep("phone", {}, { phone: "+919876543210", challenge_id: OTP }),
      ...checksForStep("email", {}, { email: "ravi@example.com", challenge_id: OTP }),
      ...checksForStep("documents", {}, { document_type: "pan_card", files: [FILE], fields: { name: "RAVI KUMAR" } }),
    ];
    expect(planned.map((c) => c.key)).toEqual(["in.phone.verify", "in.email.verify", "in.document.review"]);
    for (const c of planned) expect(resolveCheck(c.key).input.safeParse(c.input).success).toBe(true);
  });

  it("plans nothing for steps without checks", () => {
    for (const type of ["consent", "review"]) expect(checksForStep(type, {}, {})).toEqual([]);
  });
});

describe("checksForStep: selfie (face match and liveness)", () => {
  const SELFIE = "file_SeLfIeSeLfIeSeLfIeSeLfIe";
  const FRONT = "file_FrOnTFrOnTFrOnTFrOnT0000";
  const BACK = "file_BaCkBaCkBaCkBaCkBaCk0000";
  const frames = ["file_FrAmE1FrAmE1FrAmE1FrAmE1", "file_FrAmE2FrAmE2FrAmE2FrAmE2", "file_FrAmE3FrAmE3FrAmE3FrAmE3"];
  const documents = (type: string) => ({ type: "documents", data: { document_type: type, files: [FRONT, BACK], fields: {} } });
  const aadhaar = { type: "aadhaar", data: { method: "offline_ekyc" } };
  const plan = (settings: Record<string, unknown>, steps: { type: string; data: unknown }[], data: unknown = { files: [SELFIE] }) =>
    checksForStep("selfie", settings, data, "camera", { steps: [...steps, { type: "selfie", data }] });

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
    expect(ZSelfieSettings.parse({ liveness: { active: "blink" } }).liveness).toEqual({ passive: true, threshold: DEFAULT_LIVENESS_THRESHOLD, active: "blink" });
  });

  it("refuses thresholds outside 0..1 and unknown challenges", () => {
    expect(ZSelfieSettings.safeParse({ face_match: { threshold: 1.5 } }).success).toBe(false);
    expect(ZSelfieSettings.safeParse({ liveness: { active: "smile" } }).success).toBe(false);
  });
});
