/**
 * `POST /v1/checks/in.document.extract` against the running app: documents uploaded with
 * `POST /v1/files` (the synthetic fixtures of tests/fixtures/intelligence/, all data made up)
 * are read synchronously (one page within 5 s once the OCR engine is warm) or with
 * `async=true`; fields come with zone and validity, the passport with its MRZ parse; a declared
 * type the page contradicts fails with `document_type_mismatch`; bad file ids are the Error object.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "./client";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const other = api(fx.baseUrl, fx.other.testKey);
const read = (name: string) => readFileSync(path.resolve("tests/fixtures/intelligence", name));

async function upload(name: string, purpose = "identity_document", client = demo): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(read(name))]), name);
  form.append("purpose", purpose);
  const res = await client("POST", "/v1/files", form);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const extract = (body: Record<string, unknown>, query = "") => demo("POST", `/v1/checks/in.document.extract${query}`, body);

let pan: string;

beforeAll(async () => {
  pan = await upload("pan-card.jpg");
  // the first OCR of a fresh app process starts the engine's workers (several seconds)
  await extract({ file_ids: [pan], document_type: "pan_card" });
}, 120_000);

describe("POST /v1/checks/in.document.extract", () => {
  it("reads a declared PAN card synchronously within 5 s: passed, each field with value, confidence, zone and validity", async () => {
    const started = Date.now();
    const res = await extract({ file_ids: [pan], document_type: "pan_card" });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(elapsed).toBeLessThan(5_000);
    expect(res.body).toMatchObject({
      object: "check",
      check_key: "in.document.extract",
      generic_key: "document.extract",
      status: "passed",
      error_code: null,
      verified_by: "source",
    });
    expect(res.body.result.fields.pan).toEqual({
      value: "ABCPE1234F",
      confidence: expect.any(Number),
      zone: "visual",
      valid: true,
      validity: "valid",
      problem: null,
    });
    expect(res.body.result.fields.name.value).toBe("ANITA SHARMA");
    expect(res.body.result.fields.date_of_birth.value).toBe("1988-08-14");
    expect(res.body.result.signals).toEqual([]);
  });

  it("detects the type when none is declared: Aadhaar front and back", async () => {
    const files = [await upload("aadhaar-front.jpg"), await upload("aadhaar-back.jpg")];
    const res = await extract({ file_ids: files });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ document_type: "aadhaar_card", declared_type: null, detected: { type: "aadhaar_card", side: "front" } });
    expect(res.body.result.fields.aadhaar_last4.value).toBe("4821");
    expect(res.body.result.fields.name.value).toBe("ANITA SHARMA");
  });

  it("passport: fields from the MRZ (zone mrz) and the MRZ parse with valid check digits", async () => {
    const res = await extract({ file_ids: [await upload("passport.jpg")], document_type: "passport" });
    expect(res.body.status).toBe("passed");
    expect(res.body.result.fields.passport_number).toMatchObject({ value: "J8369854", zone: "mrz", validity: "valid" });
    expect(res.body.result.mrz).toMatchObject({
      format: "TD3",
      valid: true,
      check_digits_valid: true,
      check_digits: { document_number: true, date_of_birth: true, date_of_expiry: true, personal_number: true, composite: true },
      names: "verified",
      lines: ["P<INDNAIR<<MEERA<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "J8369854<4IND8504124F3109203<<<<<<<<<<<<<<06"],
      fields: { date_of_birth: { value: "1985-04-12", valid: true }, given_names: { value: "MEERA", valid: true } },
    });
  });

  it("passport whose printed date of birth differs from its MRZ: needs_review mrz_visual_mismatch", async () => {
    const res = await extract({ file_ids: [await upload("passport-dob-mismatch.jpg")] });
    expect(res.body).toMatchObject({ status: "needs_review", error_code: "mrz_visual_mismatch" });
    expect(res.body.result.signals).toContainEqual(expect.objectContaining({ code: "mrz_visual_mismatch", field: "date_of_birth" }));
  });

  it("a declared type the document contradicts: failed document_type_mismatch", async () => {
    const res = await extract({ file_ids: [await upload("voter-id.jpg")], document_type: "passport" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "failed",
      error_code: "document_type_mismatch",
      result: { declared_type: "passport", detected: { type: "voter_id" } },
    });
  });

  it("a document type without field extraction, or unknown: failed with its code, no OCR", async () => {
    expect((await extract({ file_ids: [pan], document_type: "board_resolution" })).body).toMatchObject({
      status: "failed",
      error_code: "document_type_not_extractable",
    });
    expect((await extract({ file_ids: [pan], document_type: "library_card" })).body).toMatchObject({ status: "failed", error_code: "document_type_unknown" });
  });

  it("async=true: 202 pending, then the check finishes passed", async () => {
    const res = await extract({ file_ids: [pan], document_type: "pan_card" }, "?async=true");
    expect(res.status).toBe(202);
    expect(res.body.status).toBe("pending");
    await expect.poll(async () => (await demo("GET", `/v1/checks/${res.body.id}`)).body.status, { timeout: 60_000, interval: 500 }).toBe("passed");
    expect((await demo("GET", `/v1/checks/${res.body.id}`)).body.result.fields.pan.value).toBe("ABCPE1234F");
  });

  it("bad file ids: a selfie is 400 file_purpose_invalid, another project's file 404, none 400", async () => {
    const selfie = await upload("selfie-collins.jpg", "selfie");
    const wrong = await extract({ file_ids: [selfie] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ type: "invalid_request_error", code: "file_purpose_invalid", param: "file_ids.0" });
    const foreign = await upload("pan-card.jpg", "identity_document", other);
    const notOurs = await extract({ file_ids: [pan, foreign] });
    expect(notOurs.status).toBe(404);
    expect(notOurs.body.error).toMatchObject({ type: "not_found_error", code: "resource_missing", param: "file_ids.1" });
    expect((await extract({ file_ids: [] })).body.error).toMatchObject({ code: "parameter_invalid", param: "file_ids" });
    expect((await extract({ file_ids: ["file_doesnotexist000000000000"] })).status).toBe(404);
  });

  it("is listed by GET /v1/capabilities with its input schema", async () => {
    const caps = await demo("GET", "/v1/capabilities?country=IN");
    const check = caps.body.countries[0].checks.find((c: { key: string }) => c.key === "in.document.extract");
    expect(check).toMatchObject({ generic_key: "document.extract", answered_by: "service" });
    expect(Object.keys(check.input.properties)).toEqual(["file_ids", "document_type"]);
  });
});
