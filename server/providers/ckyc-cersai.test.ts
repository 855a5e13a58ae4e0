/**
 * The CKYCR adapter against the loopback registry (./ckyc-cersai.fixture.ts), which verifies
 * the FI's signature and decrypts the PID as CERSAI does, and answers signed and encrypted for
 * the FI, errors included.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCkycProvider } from "./ckyc-cersai";
import { FAKE_FI_CODE, FAKE_PHOTO, rsaKeys, startFakeCkyc, type FakeCkyc } from "./ckyc-cersai.fixture";
import { buildXml, openMessage, sealMessage, verifyXml } from "./ckyc-xml";
import type { CheckProvider } from "./provider";

let fake: FakeCkyc;
let ckyc: CheckProvider;

beforeAll(async () => {
  fake = await startFakeCkyc();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.log.length = 0;
  fake.signAnswersWith = null;
  ckyc = createCkycProvider({
    baseUrl: fake.baseUrl,
    fiCode: FAKE_FI_CODE,
    fiPrivateKey: fake.fi.privateKey,
    cersaiPublicKey: fake.cersai.publicKey,
    timeoutMs: 500,
  });
});

describe("CKYCR message envelope", () => {
  it("encrypts the PID for the recipient only and signs the whole document", () => {
    const xml = sealMessage({
      root: "REQ_ROOT",
      header: { FI_CODE: "IN1", REQUEST_ID: "r1", VERSION: "1.3" },
      pidXml: buildXml("PID_DATA", { ID_TYPE: "C", ID_NO: "A&B<C" }),
      recipient: fake.cersai.publicKey,
      signer: fake.fi.privateKey,
    });
    expect(xml).not.toContain("ID_NO");
    expect(verifyXml(xml, fake.fi.publicKey)).toBe(true);
    expect(verifyXml(xml.replace("<VERSION>1.3</VERSION>", "<VERSION>1.4</VERSION>"), fake.fi.publicKey)).toBe(false);
    expect(openMessage(xml, fake.fi.publicKey, fake.cersai.privateKey)).toMatchObject({
      root: "REQ_ROOT",
      header: { requestId: "r1" },
      error: null,
      pid: { ID_TYPE: "C", ID_NO: "A&B<C" },
    });
    expect(() => openMessage(xml, fake.fi.publicKey, rsaKeys().privateKey)).toThrow("decrypt");
    expect(() => openMessage(xml, fake.cersai.publicKey, fake.cersai.privateKey)).toThrow("signature");
  });
});

describe("in.ckyc.search", () => {
  it("finds a record by PAN: masked CKYC number and the reference to download it with", async () => {
    const answer = await ckyc.verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE1234F" });
    expect(answer).toMatchObject({
      status: "passed",
      verifiedBy: "source",
      result: { record_found: true, ckyc_number_masked: "XXXXXXXXXX1234", ckyc_reference_id: "REF-RAVI", name: "RAVI KUMAR", kyc_date: "2023-04-01" },
    });
    const sent = fake.log.at(-1)!;
    expect(sent).toMatchObject({
      path: "/Search/ckycverificationservice/verify",
      root: "REQ_ROOT",
      signatureValid: true,
      pid: { ID_TYPE: "C", ID_NO: "ABCPE1234F" },
    });
    expect(sent.pid).toHaveProperty("DATE_TIME", expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/));
  });

  it("answers 'No record found' as a failed check, and searches by the other documents' ID_TYPE", async () => {
    expect(await ckyc.verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE9999Z" })).toMatchObject({
      status: "failed",
      errorCode: "ckyc_record_not_found",
      result: { record_found: false },
    });
    await ckyc.verify("in.ckyc.search", { id_type: "passport", id_number: "K1234567" });
    expect(fake.log.at(-1)?.pid).toMatchObject({ ID_TYPE: "A", ID_NO: "K1234567" });
  });

  it("maps the registry's outages and set-up errors to provider errors", async () => {
    await expect(ckyc.verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE7777K" })).rejects.toMatchObject({ errorCode: "provider_timeout" });
    await expect(ckyc.verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE5000K" })).rejects.toMatchObject({ errorCode: "provider_unavailable" });
    await expect(ckyc.verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE3333K" })).rejects.toMatchObject({ errorCode: "provider_not_configured" });
    const wrongFi = createCkycProvider({ baseUrl: fake.baseUrl, fiCode: "IN9999", fiPrivateKey: fake.fi.privateKey, cersaiPublicKey: fake.cersai.publicKey });
    await expect(wrongFi.verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE1234F" })).rejects.toMatchObject({ errorCode: "provider_not_configured" });
    const unregisteredKey = createCkycProvider({
      baseUrl: fake.baseUrl,
      fiCode: FAKE_FI_CODE,
      fiPrivateKey: rsaKeys().privateKey,
      cersaiPublicKey: fake.cersai.publicKey,
    });
    // the registry cannot verify the signature; its answer is for another key too, so it does not even open
    await expect(unregisteredKey.verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE1234F" })).rejects.toMatchObject({
      errorCode: expect.stringMatching(/provider_(not_configured|unavailable)/),
    });
    expect(fake.log.at(-1)?.signatureValid).toBe(false);
  });

  it("refuses an answer not signed by CERSAI", async () => {
    fake.signAnswersWith = rsaKeys().privateKey;
    await expect(ckyc.verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE1234F" })).rejects.toMatchObject({
      errorCode: "provider_unavailable",
      message: expect.stringContaining("signature"),
    });
  });
});

describe("in.ckyc.download", () => {
  it("downloads the record with the date of birth: profile, identities and the photo as evidence", async () => {
    const answer = await ckyc.verify("in.ckyc.download", { ckyc_reference_id: "REF-RAVI", auth_factor: "dob", dob: "1990-01-01" });
    expect(fake.log.at(-1)).toMatchObject({ root: "CKYC_DOWNLOAD_REQUEST", pid: { CKYC_NO: "REF-RAVI", AUTH_FACTOR_TYPE: "01", AUTH_FACTOR: "01-01-1990" } });
    expect(answer).toMatchObject({
      status: "passed",
      result: {
        ckyc_number: "30000012341234",
        ckyc_number_masked: "XXXXXXXXXX1234",
        name: "RAVI KUMAR",
        dob: "1990-01-01",
        gender: "M",
        pan: "ABCPE1234F",
        address: { line1: "12 MG ROAD", city: "BENGALURU", pincode: "560001", country: "IN" },
        identities: [{ type: "C", number: "ABCPE1234F", verified: true }],
      },
    });
    expect(answer.evidence).toEqual([{ kind: "ckyc_photo", contentType: "image/jpeg", bytes: new Uint8Array(FAKE_PHOTO) }]);
  });

  it("sends the PIN code with the year of birth, or the registered mobile, as the documented factor types", async () => {
    expect(
      (await ckyc.verify("in.ckyc.download", { ckyc_reference_id: "REF-RAVI", auth_factor: "pincode_year_of_birth", pincode: "560001", year_of_birth: "1990" }))
        .status,
    ).toBe("passed");
    expect(fake.log.at(-1)?.pid).toMatchObject({ AUTH_FACTOR_TYPE: "02", AUTH_FACTOR: "5600011990" });
    expect((await ckyc.verify("in.ckyc.download", { ckyc_reference_id: "REF-RAVI", auth_factor: "mobile", mobile: "9876543210" })).status).toBe("passed");
    expect(fake.log.at(-1)?.pid).toMatchObject({ AUTH_FACTOR_TYPE: "03", AUTH_FACTOR: "9876543210" });
  });

  it("fails a wrong factor as ckyc_auth_failed and an unknown reference as ckyc_record_not_found", async () => {
    expect(await ckyc.verify("in.ckyc.download", { ckyc_reference_id: "REF-RAVI", auth_factor: "dob", dob: "1991-01-01" })).toMatchObject({
      status: "failed",
      errorCode: "ckyc_auth_failed",
    });
    expect(await ckyc.verify("in.ckyc.download", { ckyc_reference_id: "REF-NOBODY", auth_factor: "dob", dob: "1990-01-01" })).toMatchObject({
      status: "failed",
      errorCode: "ckyc_record_not_found",
    });
  });
});

describe("in.ckyc.upload", () => {
  const record = {
    session_id: "ses_x",
    ckyc_number: null,
    name: "RAVI KUMAR",
    father_or_spouse_name: null,
    gender: "M",
    dob: "1990-01-01",
    pan: "ABCPE1234F",
    address: { line1: "12 MG ROAD", line2: null, city: "BENGALURU", district: null, state: "KA", pincode: "560001", country: "IN" },
    mobile: "9876543210",
    email: null,
    identities: [{ type: "pan", number: "ABCPE1234F" }],
    photo_base64: FAKE_PHOTO.toString("base64"),
    kyc_date: "2026-11-24",
  };

  it("submits the record, then asks the status of the submission under process until it has a CKYC number", async () => {
    const submitted = await ckyc.verify("in.ckyc.upload", record);
    expect(submitted).toMatchObject({
      status: "needs_review",
      errorCode: "ckyc_upload_under_process",
      result: { upload_status: "under_process", reference: expect.stringMatching(/^UPL/) },
    });
    expect(fake.log.at(-1)).toMatchObject({
      path: "/Upload/ckycuploadservice/upload",
      root: "CKYC_UPLOAD_REQUEST",
      pid: {
        CONSTI_TYPE: "01",
        PERSONAL_DETAILS: { FULLNAME: "RAVI KUMAR", DOB: "01-01-1990", PAN: "ABCPE1234F", PERM_PIN: "560001" },
        IMAGE_DETAILS: { IMAGE: { IMAGE_CODE: "02" } },
      },
    });
    const done = await ckyc.verify("in.ckyc.upload", { reference: submitted.result.reference });
    expect(done).toMatchObject({ status: "passed", result: { upload_status: "accepted", ckyc_number: "30000099990001" } });
  });

  it("reports a rejected record with the registry's remarks, and an unknown reference as an outage to retry", async () => {
    expect(await ckyc.verify("in.ckyc.upload", { ...record, pan: "ABCPE4444K" })).toMatchObject({
      status: "failed",
      errorCode: "ckyc_upload_rejected",
      result: { upload_status: "rejected", registry_message: "Photograph not clear" },
    });
    await expect(ckyc.verify("in.ckyc.upload", { reference: "UPL-unknown" })).rejects.toMatchObject({ errorCode: "provider_unavailable" });
  });
});
