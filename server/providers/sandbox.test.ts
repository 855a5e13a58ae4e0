import { describe, expect, it } from "vitest";
import { CHECKS, resolveCheck } from "../checks/catalog";
import { AnsweredAtOnceError, AwaitingApplicantError, ProviderUnavailableError } from "./provider";
import { SANDBOX_VALUES, sandboxProvider } from "./sandbox";

type Row = (typeof SANDBOX_VALUES)[number];

interface Case {
  /** The SANDBOX_VALUES row (its `input` text) this case proves. */
  row: Row["input"];
  key: string;
  /** Raw input, as an integrator sends it: it must pass the check's schema and offline validation. */
  input: Record<string, unknown>;
  expected: { status: string; errorCode: string | null; result?: Record<string, unknown> } | "provider_timeout" | "awaiting";
  /** A two-phase OTP case: `begin` first, then `verify` with this code (the answer of `begin` itself when `atBegin`). */
  otp?: string;
  atBegin?: true;
}

const CASES: Case[] = [
  // in.pan.verify (the fixed values of decisions.md)
  {
    row: "PAN ABCPE1234F",
    key: "in.pan.verify",
    input: { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" },
    expected: {
      status: "passed",
      errorCode: null,
      result: { pan_status: "active", registered_name: "RAVI KUMAR", holder_type: "individual", name_match: true, dob_match: true },
    },
  },
  {
    row: "PAN digits 9999 (e.g. ABCPE9999Z)",
    key: "in.pan.verify",
    input: { pan: "ABCPE9999Z", name: "Nobody" },
    expected: { status: "failed", errorCode: "pan_not_found" },
  },
  {
    row: "PAN digits 8888",
    key: "in.pan.verify",
    input: { pan: "ABCPE8888K", name: "Ravi Kumar" },
    expected: { status: "failed", errorCode: "name_mismatch", result: { registered_name: "SANDBOX REGISTERED NAME", name_match: false } },
  },
  { row: "PAN digits 7777", key: "in.pan.verify", input: { pan: "ABCPE7777K", name: "Slow" }, expected: "provider_timeout" },
  {
    row: "PAN digits 6666",
    key: "in.pan.verify",
    input: { pan: "ABCPE6666K", name: "Old" },
    expected: { status: "failed", errorCode: "pan_inactive", result: { pan_status: "inactive" } },
  },
  {
    row: "any other valid PAN",
    key: "in.pan.verify",
    input: { pan: "AAACR4321K", name: "Some Company" },
    expected: { status: "passed", errorCode: null, result: { registered_name: "SOME COMPANY", holder_type: "non_individual" } },
  },
  {
    row: "any PAN without name (e.g. ABCPE1234F)",
    key: "in.pan.verify",
    input: { pan: "ABCPE1234F" },
    expected: { status: "passed", errorCode: null, result: { pan_status: "active", holder_type: "individual" } },
  },
  {
    row: "any PAN without name (e.g. ABCPE1234F)",
    key: "in.pan.verify",
    input: { pan: "ABCPE1234F", dob: "1991-02-03" },
    expected: { status: "failed", errorCode: "dob_mismatch", result: { dob_match: false } },
  },
  {
    row: "any PAN without name (e.g. ABCPE1234F)",
    key: "in.pan.verify",
    input: { pan: "ABCPE8888K" },
    expected: { status: "passed", errorCode: null, result: { pan_status: "active" } },
  },
  {
    row: "any PAN without name (e.g. ABCPE1234F)",
    key: "in.pan.verify",
    input: { pan: "ABCPE6666K" },
    expected: { status: "failed", errorCode: "pan_inactive" },
  },
  // in.pan.aadhaar_link
  {
    row: "PAN digits 9999 (e.g. ABCPE9999Z)",
    key: "in.pan.aadhaar_link",
    input: { pan: "ABCPE9999Z" },
    expected: { status: "failed", errorCode: "pan_not_found" },
  },
  {
    row: "PAN digits 8888",
    key: "in.pan.aadhaar_link",
    input: { pan: "ABCPE8888K" },
    expected: { status: "failed", errorCode: "pan_aadhaar_not_linked", result: { pan_status: "inoperative", aadhaar_link_status: "not_linked" } },
  },
  { row: "PAN digits 7777", key: "in.pan.aadhaar_link", input: { pan: "ABCPE7777K" }, expected: "provider_timeout" },
  { row: "PAN digits 6666", key: "in.pan.aadhaar_link", input: { pan: "ABCPE6666K" }, expected: { status: "failed", errorCode: "pan_inactive" } },
  {
    row: "any other valid individual PAN (e.g. ABCPE1234F)",
    key: "in.pan.aadhaar_link",
    input: { pan: "ABCPE1234F" },
    expected: { status: "passed", errorCode: null, result: { pan_status: "active", aadhaar_link_status: "linked" } },
  },
  // in.gstin.verify
  {
    row: "GSTIN with PAN digits 9999 (27AAPFU9999F1Z1)",
    key: "in.gstin.verify",
    input: { gstin: "27AAPFU9999F1Z1" },
    expected: { status: "failed", errorCode: "gstin_not_found" },
  },
  {
    row: "GSTIN with PAN digits 8888 (27AAPFU8888F1Z7) and a name",
    key: "in.gstin.verify",
    input: { gstin: "27AAPFU8888F1Z7", name: "Sharma Traders" },
    expected: { status: "failed", errorCode: "name_mismatch", result: { gstin_status: "Active", legal_name: "SANDBOX LEGAL NAME", name_match: false } },
  },
  {
    row: "any other valid GSTIN (e.g. 27AAPFU0939F1ZV)",
    key: "in.gstin.verify",
    input: { gstin: "27AAPFU8888F1Z7", name: "Sandbox Trade Name" },
    expected: { status: "passed", errorCode: null, result: { trade_name: "SANDBOX TRADE NAME", name_match: true } },
  },
  {
    row: "any other valid GSTIN (e.g. 27AAPFU0939F1ZV)",
    key: "in.gstin.verify",
    input: { gstin: "27AAPFU0939F1ZV", name: "sharma  traders" },
    expected: { status: "passed", errorCode: null, result: { legal_name: "SHARMA TRADERS", name_match: true } },
  },
  { row: "GSTIN with PAN digits 7777 (27AAPFU7777F1ZD)", key: "in.gstin.verify", input: { gstin: "27AAPFU7777F1ZD" }, expected: "provider_timeout" },
  {
    row: "GSTIN with PAN digits 6666 (27AAPFU6666F1ZJ)",
    key: "in.gstin.verify",
    input: { gstin: "27AAPFU6666F1ZJ" },
    expected: { status: "failed", errorCode: "gstin_cancelled", result: { gstin_status: "Cancelled", cancellation_date: "2023-03-31" } },
  },
  {
    row: "GSTIN with PAN digits 5555 (27AAPFU5555F1ZP)",
    key: "in.gstin.verify",
    input: { gstin: "27AAPFU5555F1ZP" },
    expected: { status: "failed", errorCode: "gstin_suspended", result: { gstin_status: "Suspended" } },
  },
  {
    row: "any other valid GSTIN (e.g. 27AAPFU0939F1ZV)",
    key: "in.gstin.verify",
    input: { gstin: "27aapfu0939f1zv" },
    expected: {
      status: "passed",
      errorCode: null,
      result: {
        gstin: "27AAPFU0939F1ZV",
        gstin_status: "Active",
        legal_name: "SANDBOX LEGAL NAME",
        trade_name: "SANDBOX TRADE NAME",
        constitution: "Partnership",
        pan: "AAPFU0939F",
        state_code: "27",
        state: "Maharashtra",
      },
    },
  },
  {
    row: "any other valid GSTIN (e.g. 27AAPFU0939F1ZV)",
    key: "in.gstin.verify",
    input: { gstin: "29AAGCR4375J1ZU" },
    expected: { status: "passed", errorCode: null, result: { constitution: "Private Limited Company", state: "Karnataka" } },
  },
  // in.cin.verify
  {
    row: "CIN ending 9999 (U72900KA2015PTC019999) or LLPIN digits 9999 (AAB-9999)",
    key: "in.cin.verify",
    input: { cin: "U72900KA2015PTC019999" },
    expected: { status: "failed", errorCode: "company_not_found" },
  },
  {
    row: "CIN ending 9999 (U72900KA2015PTC019999) or LLPIN digits 9999 (AAB-9999)",
    key: "in.cin.verify",
    input: { llpin: "AAB-9999" },
    expected: { status: "failed", errorCode: "company_not_found", result: { llpin: "AAB-9999", entity_type: "llp" } },
  },
  { row: "CIN ending 7777 or LLPIN digits 7777", key: "in.cin.verify", input: { cin: "U72900KA2015PTC017777" }, expected: "provider_timeout" },
  { row: "CIN ending 7777 or LLPIN digits 7777", key: "in.cin.verify", input: { llpin: "AAB7777" }, expected: "provider_timeout" },
  {
    row: "CIN ending 6666 or LLPIN digits 6666",
    key: "in.cin.verify",
    input: { cin: "U72900KA2015PTC016666" },
    expected: { status: "failed", errorCode: "company_struck_off", result: { company_status: "Strike Off" } },
  },
  {
    row: "any other valid CIN (e.g. U72900KA2015PTC012345) or LLPIN (e.g. AAB-1234)",
    key: "in.cin.verify",
    input: { cin: "U72900KA2015PTC012345" },
    expected: {
      status: "passed",
      errorCode: null,
      result: {
        cin: "U72900KA2015PTC012345",
        entity_type: "company",
        company_name: "SANDBOX PRIVATE LIMITED",
        company_status: "Active",
        incorporation_date: "2015-01-01",
        listed: false,
        ownership: "private_limited_company",
        state_code: "KA",
      },
    },
  },
  {
    row: "any other valid CIN (e.g. U72900KA2015PTC012345) or LLPIN (e.g. AAB-1234)",
    key: "in.cin.verify",
    input: { cin: "L17110MH1973PLC019786" },
    expected: { status: "passed", errorCode: null, result: { company_name: "SANDBOX LIMITED", incorporation_date: "1973-01-01", listed: true } },
  },
  {
    row: "any other valid CIN (e.g. U72900KA2015PTC012345) or LLPIN (e.g. AAB-1234)",
    key: "in.cin.verify",
    input: { llpin: "AAB-1234" },
    expected: { status: "passed", errorCode: null, result: { llpin: "AAB-1234", entity_type: "llp", company_name: "SANDBOX LLP", company_status: "Active" } },
  },
  // in.udyam.verify
  {
    row: "Udyam number ending 9999 (UDYAM-MH-19-0009999)",
    key: "in.udyam.verify",
    input: { udyam_number: "UDYAM-MH-19-0009999" },
    expected: { status: "failed", errorCode: "udyam_not_found" },
  },
  { row: "Udyam number ending 7777", key: "in.udyam.verify", input: { udyam_number: "UDYAM-MH-19-0007777" }, expected: "provider_timeout" },
  {
    row: "Udyam number ending 6666",
    key: "in.udyam.verify",
    input: { udyam_number: "UDYAM-MH-19-0006666" },
    expected: { status: "failed", errorCode: "udyam_cancelled", result: { registration_status: "Cancelled" } },
  },
  {
    row: "Udyam number ending 5555",
    key: "in.udyam.verify",
    input: { udyam_number: "UDYAM-MH-19-0005555" },
    expected: { status: "passed", errorCode: null, result: { enterprise_type: "Small" } },
  },
  {
    row: "Udyam number ending 4444",
    key: "in.udyam.verify",
    input: { udyam_number: "UDYAM-MH-19-0004444" },
    expected: { status: "passed", errorCode: null, result: { enterprise_type: "Medium" } },
  },
  {
    row: "any other valid Udyam number (e.g. UDYAM-MH-19-0012345)",
    key: "in.udyam.verify",
    input: { udyam_number: "udyam mh 19 0012345" },
    expected: {
      status: "passed",
      errorCode: null,
      result: {
        udyam_number: "UDYAM-MH-19-0012345",
        registration_status: "Active",
        enterprise_name: "SANDBOX ENTERPRISE",
        enterprise_type: "Micro",
        major_activity: "Services",
        state_code: "MH",
        district_code: "19",
      },
    },
  },
  // in.bank_account.verify
  {
    row: "IFSC not in the RBI list (e.g. HDFC0ZZZZZZ)",
    key: "in.bank_account.verify",
    input: { account_number: "50100012345678", ifsc: "HDFC0ZZZZZZ", name: "Ravi Kumar" },
    expected: { status: "failed", errorCode: "ifsc_not_found" },
  },
  {
    row: "account number ending 9999",
    key: "in.bank_account.verify",
    input: { account_number: "50100012349999", ifsc: "HDFC0000001", name: "Ravi Kumar" },
    expected: { status: "failed", errorCode: "account_not_found", result: { account_status: "not_found", bank_name: "HDFC Bank" } },
  },
  {
    row: "account number ending 8888",
    key: "in.bank_account.verify",
    input: { account_number: "50100012348888", ifsc: "HDFC0000001", name: "Ravi Kumar" },
    expected: {
      status: "failed",
      errorCode: "name_mismatch",
      result: { account_status: "active", registered_name: "SANDBOX ACCOUNT HOLDER", name_match: false },
    },
  },
  {
    row: "account number ending 7777",
    key: "in.bank_account.verify",
    input: { account_number: "50100012347777", ifsc: "HDFC0000001", name: "Ravi" },
    expected: "provider_timeout",
  },
  {
    row: "account number ending 6666",
    key: "in.bank_account.verify",
    input: { account_number: "50100012346666", ifsc: "HDFC0000001", name: "Ravi" },
    expected: { status: "failed", errorCode: "account_closed", result: { account_status: "closed" } },
  },
  {
    row: "any other valid account number with a known IFSC (e.g. 50100012345678, HDFC0000001)",
    key: "in.bank_account.verify",
    input: { account_number: "50100012345678", ifsc: "hdfc0000001", name: "ravi kumar" },
    expected: {
      status: "passed",
      errorCode: null,
      result: { ifsc: "HDFC0000001", bank_code: "HDFC", bank_name: "HDFC Bank", account_status: "active", registered_name: "RAVI KUMAR", name_match: true },
    },
  },
  // CKYC (issue 19)
  {
    row: "PAN ABCPE1234F",
    key: "in.ckyc.search",
    input: { id_type: "pan", id_number: "ABCPE1234F" },
    expected: {
      status: "passed",
      errorCode: null,
      result: { record_found: true, ckyc_number_masked: "XXXXXXXXXX1234", ckyc_reference_id: "CKYCSBX-ABCPE1234F", name: "RAVI KUMAR" },
    },
  },
  {
    row: "PAN digits 9999 (e.g. ABCPE9999Z)",
    key: "in.ckyc.search",
    input: { id_number: "ABCPE9999Z" },
    expected: { status: "failed", errorCode: "ckyc_record_not_found", result: { record_found: false } },
  },
  { row: "PAN digits 7777", key: "in.ckyc.search", input: { id_number: "ABCPE7777K" }, expected: "provider_timeout" },
  {
    row: "any other valid PAN, passport, voter id, driving licence or CKYC number",
    key: "in.ckyc.search",
    input: { id_type: "passport", id_number: "K1234567" },
    expected: {
      status: "passed",
      errorCode: null,
      result: { ckyc_number_masked: "XXXXXXXXXX4567", ckyc_reference_id: "CKYCSBX-K1234567", name: "SANDBOX CKYC PERSON" },
    },
  },
  {
    row: "auth_factor otp, CKYCSBX-<id_number>, mobile 9876543210, then POST /v1/checks/{id}/otp with otp 123456",
    key: "in.ckyc.download",
    input: { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp", mobile: "9876543210" },
    otp: "123456",
    expected: { status: "passed", errorCode: null, result: { name: "RAVI KUMAR", dob: "1990-01-01", mobile: "9876543210" } },
  },
  {
    row: "auth_factor otp, then otp 000000",
    key: "in.ckyc.download",
    input: { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp", mobile: "9876543210" },
    otp: "000000",
    expected: { status: "failed", errorCode: "otp_expired" },
  },
  {
    row: "auth_factor otp, then any other 6-digit otp",
    key: "in.ckyc.download",
    input: { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp", mobile: "9876543210" },
    otp: "654321",
    expected: "awaiting",
  },
  {
    row: "auth_factor otp with any other mobile",
    key: "in.ckyc.download",
    input: { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp", mobile: "9123456789" },
    atBegin: true,
    expected: { status: "failed", errorCode: "ckyc_auth_failed" },
  },
  {
    row: "ckyc_reference_id CKYCSBX-<id_number> with dob 1990-01-01, or pincode 560001 and year_of_birth 1990, or mobile 9876543210",
    key: "in.ckyc.download",
    input: { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "dob", dob: "1990-01-01" },
    expected: {
      status: "passed",
      errorCode: null,
      result: { name: "RAVI KUMAR", dob: "1990-01-01", gender: "M", pan: "ABCPE1234F", address: { pincode: "560001" } },
    },
  },
  {
    row: "ckyc_reference_id CKYCSBX-<id_number> with any other date of birth, PIN code or mobile",
    key: "in.ckyc.download",
    input: { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "mobile", mobile: "9123456780" },
    expected: { status: "failed", errorCode: "ckyc_auth_failed" },
  },
  {
    row: "any other ckyc_reference_id",
    key: "in.ckyc.download",
    input: { ckyc_reference_id: "REF123", auth_factor: "pincode_year_of_birth", pincode: "560001", year_of_birth: "1990" },
    expected: { status: "failed", errorCode: "ckyc_record_not_found" },
  },
  {
    row: "an approved session's record",
    key: "in.ckyc.upload",
    input: {
      session_id: "ses_x",
      ckyc_number: null,
      name: "Ravi Kumar",
      father_or_spouse_name: null,
      gender: "M",
      dob: "1990-01-01",
      pan: "ABCPE1234F",
      address: { line1: "12 MG Road", line2: null, city: "Bengaluru", district: null, state: "Karnataka", pincode: "560001", country: "IN" },
      mobile: null,
      email: null,
      identities: [{ type: "pan", number: "ABCPE1234F" }],
      photo_base64: null,
      kyc_date: "2026-11-24",
    },
    expected: { status: "passed", errorCode: null, result: { upload_status: "accepted", ckyc_number: "30000000001234" } },
  },
];

/** Rows documenting checks the sandbox does not answer (offline dataset, OTP service). */
const NOT_SANDBOX = new Set(["in.ifsc.lookup", "in.phone.verify", "in.email.verify"]);

describe("sandbox provider", () => {
  it.each(CASES.map((c) => [c.key, c.row, c] as const))("%s, %s", async (key, _row, c) => {
    const def = resolveCheck(key);
    const input = def.input.parse(c.input);
    expect(def.validate(input)).toBeNull(); // sandbox values are structurally valid
    const context = { projectId: "prj_1", mode: "test" as const, sessionId: null, checkId: "chk_1" };
    const begun = c.otp !== undefined || c.atBegin ? sandboxProvider.begin!(key, input, context) : null;
    const answer = c.atBegin
      ? begun!.then(
          () => Promise.reject(new Error("begin sent a code")),
          (err: unknown) => (err instanceof AnsweredAtOnceError ? err.answer : Promise.reject(err)),
        )
      : begun
        ? begun.then((request) => {
            expect(request).toMatchObject({ otp_sent_to: "******3210", otp_expires_at: expect.any(String) });
            return sandboxProvider.verify(key, input, { ...context, request, otp: c.otp });
          })
        : sandboxProvider.verify(key, input);
    if (c.expected === "awaiting") {
      await expect(answer).rejects.toBeInstanceOf(AwaitingApplicantError);
      return;
    }
    if (c.expected === "provider_timeout") {
      await expect(answer).rejects.toBeInstanceOf(ProviderUnavailableError);
      await expect(answer).rejects.toMatchObject({ errorCode: "provider_timeout" });
      return;
    }
    const result = await answer;
    expect(result).toMatchObject({ status: c.expected.status, errorCode: c.expected.errorCode, verifiedBy: "source" });
    if (c.expected.result) expect(result.result).toMatchObject(c.expected.result);
    const named = typeof input === "object" && input !== null && "name" in input && !key.startsWith("in.ckyc.");
    if (result.status === "passed") expect(result.score).toBe(named ? 1 : null);
    if (key === "in.ckyc.download" && result.status === "passed")
      expect(result.evidence?.map((e) => [e.kind, e.contentType])).toEqual([["ckyc_photo", "image/jpeg"]]);
    if (key === "in.pan.verify" && !(typeof input === "object" && input !== null && "name" in input)) {
      expect(result.score).toBeNull();
      expect(Object.keys(result.result).filter((k) => k.startsWith("name") || k === "registered_name")).toEqual([]);
    }
  });

  it("has a tested case for every row it answers", () => {
    const covered = new Set(CASES.map((c) => `${c.key} | ${c.row}`));
    const rows = SANDBOX_VALUES.filter((v) => !NOT_SANDBOX.has(v.check)).map((v) => `${v.check} | ${v.input}`);
    expect(rows.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !rows.includes(r))).toEqual([]);
  });

  it("answers exactly the registry checks of the catalog", () => {
    // a two-phase check has its own sandbox (reverse-penny-drop-sandbox.ts)
    for (const c of CHECKS) expect([c.key, sandboxProvider.supports(c.key)]).toEqual([c.key, c.answeredBy === "registry" && !c.awaitsApplicant]);
  });

  it("documents every catalog check it answers, and only catalog checks", () => {
    const keys = new Set(CHECKS.map((c) => c.key));
    for (const v of SANDBOX_VALUES) expect(keys.has(v.check)).toBe(true);
    for (const c of CHECKS.filter((k) => sandboxProvider.supports(k.key))) expect(SANDBOX_VALUES.some((v) => v.check === c.key)).toBe(true);
  });

  it("refuses checks it does not answer with provider_not_configured", async () => {
    await expect(sandboxProvider.verify("in.aadhaar.secure_qr", { qr_payload: "1" })).rejects.toMatchObject({ errorCode: "provider_not_configured" });
    await expect(sandboxProvider.verify("toString", {})).rejects.toMatchObject({ errorCode: "provider_not_configured" });
  });
});

describe("sandbox name matching (nameMatch, threshold 0.8)", () => {
  const pan = (name: string) => sandboxProvider.verify("in.pan.verify", resolveCheck("in.pan.verify").input.parse({ pan: "ABCPE1234F", name }));

  it("passes a name that scores 0.8 or more against the registered name, with the name score as `score`", async () => {
    await expect(pan("R. Kumar")).resolves.toMatchObject({ status: "passed", score: 0.885, result: { name_match: true, name_match_score: 0.885 } });
    for (const name of ["Ravi Kumar", "RAVI KUMAR", "Shri Ravi Kumar"]) await expect(pan(name)).resolves.toMatchObject({ status: "passed", score: 1 });
    await expect(pan("Kumar Ravi")).resolves.toMatchObject({ status: "passed", score: 1 });
  });

  it("fails a name below 0.8 with name_mismatch and keeps its score for the decision rules", async () => {
    await expect(pan("Ravindra Kumar")).resolves.toMatchObject({ status: "failed", errorCode: "name_mismatch", score: 0.615, result: { name_match: false } });
    // near names of RAVI KUMAR: another person
    await expect(pan("Ravi Kumari")).resolves.toMatchObject({ status: "failed", errorCode: "name_mismatch", score: 0.5 });
    await expect(pan("Rajiv Kumar")).resolves.toMatchObject({ status: "failed", errorCode: "name_mismatch", score: 0.231 });
    const other = await sandboxProvider.verify("in.pan.verify", resolveCheck("in.pan.verify").input.parse({ pan: "ABCPE8888K", name: "Ravi Kumar" }));
    expect(other.score).toBeLessThan(0.8);
  });

  it("scores GSTIN names against the legal and the trade name, and bank holders against the name given", async () => {
    const gstin = await sandboxProvider.verify(
      "in.gstin.verify",
      resolveCheck("in.gstin.verify").input.parse({ gstin: "27AAPFU0939F1ZV", name: "Sandbox Trade Name" }),
    );
    expect(gstin).toMatchObject({ status: "passed", score: 1 });
    const bank = await sandboxProvider.verify(
      "in.bank_account.verify",
      resolveCheck("in.bank_account.verify").input.parse({ account_number: "50100012345678", ifsc: "HDFC0000001", name: "Ravi Kumar" }),
    );
    expect(bank).toMatchObject({ status: "passed", score: 1, result: { name_match: true } });
  });
});
