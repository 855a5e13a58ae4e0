/**
 * The KYB step inputs (field-level i18n keys), the cross-checks and the two KYB rule
 * conditions (`related_sessions`, `business_mismatch`). Pure: no database.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { en } from "~/components/flow/i18n/en";
import { evaluateDecision } from "../sessions/evaluate-decision";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { ZDecisionRules } from "../workflows/workflow.schemas";
import { businessDocumentSlots } from "../steps/business-documents/business-documents";
import { ZBusinessDocumentsSettings } from "../steps/business-documents/business-documents.schemas";
import { ZBankAccountStepInput } from "../steps/bank-account/bank-account.schemas";
import { ZBusinessDetailsStepInput } from "../steps/business-details/business-details.schemas";
import { ZKeyPeopleStepInput } from "../steps/key-people/key-people.schemas";
import { buildBusinessProfile } from "./business-profile";
import { businessMismatches } from "./cross-checks";

const address = { line1: "12 MG Road", city: "Mumbai", state: "Maharashtra", pincode: "400001" };
const details = { legal_name: "Sandbox  Private Limited", constitution: "private_limited", gstin: "27abcce1234f1z2", cin: "u72900ka2015ptc012345", address };
const person = (over: Record<string, unknown> = {}) => ({ name: "Asha Verma", role: "director", email: "asha@example.com", phone: "98765 43210", ...over });

/** `{ <path>: <i18n key> }` of a failed parse. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("business_details input", () => {
  it("normalizes identifiers and keeps the CIN a company needs", () => {
    expect(ZBusinessDetailsStepInput.parse({ ...details, llpin: "AAB-1234", udyam_number: "" })).toEqual({
      legal_name: "Sandbox Private Limited",
      constitution: "private_limited",
      gstin: "27ABCCE1234F1Z2",
      cin: "U72900KA2015PTC012345",
      address,
    });
  });

  it("names the field and the validator's problem as the message", () => {
    const r = ZBusinessDetailsStepInput.safeParse({
      ...details,
      gstin: "27ABCCE1234F1Z3",
      cin: "",
      udyam_number: "UDYAM-12",
      address: { ...address, pincode: "012345" },
    });
    expect(issues(r)).toEqual({ gstin: "gstin_checksum_invalid", udyam_number: "udyam_format_invalid", "address.pincode": "pincode_invalid" });
    const company = ZBusinessDetailsStepInput.safeParse({ ...details, cin: "" });
    expect(issues(company)).toEqual({ cin: "cin_required" });
  });

  it("asks an LLP for its LLPIN and a partnership for neither", () => {
    expect(issues(ZBusinessDetailsStepInput.safeParse({ ...details, constitution: "llp", llpin: "AB-12" }))).toEqual({ llpin: "llpin_format_invalid" });
    expect(ZBusinessDetailsStepInput.parse({ ...details, constitution: "partnership" })).not.toHaveProperty("cin");
  });

  it("has a message in the flow's dictionary for every key the KYB inputs can produce", () => {
    const source = readFileSync(new URL("../steps/business-details/business-details.schemas.ts", import.meta.url), "utf8");
    const keys = new Set([...source.matchAll(/(?:error|message): "([a-z_]+)"/g)].map((m) => m[1]!));
    for (const key of [
      "gstin_format_invalid",
      "gstin_state_code_invalid",
      "gstin_pan_invalid",
      "gstin_checksum_invalid",
      "cin_format_invalid",
      "cin_state_code_invalid",
      "cin_ownership_class_invalid",
      "cin_year_invalid",
      "llpin_required",
      "cin_required",
    ])
      keys.add(key);
    for (const key of keys) expect(en.errors, key).toHaveProperty(key);
  });
});

describe("key_people input", () => {
  it("takes one to ten people with unique emails and at most 100 % ownership", () => {
    const ok = ZKeyPeopleStepInput.parse({
      people: [person({ ownership_percent: "60" }), person({ name: "Ravi Kumar", email: "RAVI@example.com", ownership_percent: 40 })],
    });
    expect(ok.people.map((p) => [p.ownership_percent, p.phone])).toEqual([
      [60, "+919876543210"],
      [40, "+919876543210"],
    ]);
    expect(issues(ZKeyPeopleStepInput.safeParse({ people: [] }))).toEqual({ people: "people_required" });
    const over = ZKeyPeopleStepInput.safeParse({ people: [person({ ownership_percent: 70 }), person({ email: "Asha@Example.com", ownership_percent: 31 })] });
    expect(issues(over)).toEqual({
      "people.0.ownership_percent": "ownership_total_exceeded",
      "people.1.ownership_percent": "ownership_total_exceeded",
      "people.1.email": "email_duplicate",
    });
    expect(issues(ZKeyPeopleStepInput.safeParse({ people: [person({ role: "owner", phone: "12345" })] }))).toEqual({
      "people.0.role": "role_required",
      "people.0.phone": "phone_invalid",
    });
  });
});

describe("bank_account input", () => {
  it("needs the account number twice and a well-formed IFSC", () => {
    expect(ZBankAccountStepInput.parse({ account_number: "5010 0012 3456 78", account_number_confirm: "50100012345678", ifsc: "hdfc0000001" })).toEqual({
      account_number: "50100012345678",
      ifsc: "HDFC0000001",
    });
    expect(issues(ZBankAccountStepInput.safeParse({ account_number: "50100012345678", account_number_confirm: "50100012345679", ifsc: "HDFC000001" }))).toEqual(
      {
        account_number_confirm: "account_number_mismatch",
        ifsc: "ifsc_format_invalid",
      },
    );
  });
});

describe("business documents by constitution", () => {
  const settings = ZBusinessDocumentsSettings.parse({});
  it("asks a company for its incorporation and board resolution, a partnership for its deed; the bank statement is optional", () => {
    expect(businessDocumentSlots(settings, "private_limited")).toEqual([
      { type: "certificate_of_incorporation", required: true },
      { type: "board_resolution", required: true },
      { type: "gst_certificate", required: true },
      { type: "bank_statement", required: false },
    ]);
    expect(businessDocumentSlots(settings, "partnership").map((s) => s.type)).toEqual(["partnership_deed", "gst_certificate", "bank_statement"]);
    expect(businessDocumentSlots({ ...settings, document_types: ["gst_certificate"] }, "llp")).toEqual([{ type: "gst_certificate", required: true }]);
  });
});

const steps = (gstin: string, pan = "ABCCE1234F", legal = "Sandbox Private Limited") => [
  { type: "pan", data: { pan, name: legal, dob: "2015-01-01" } },
  { type: "business_details", data: ZBusinessDetailsStepInput.parse({ ...details, legal_name: legal, gstin }) },
];
const mca = (name = "SANDBOX PRIVATE LIMITED") => ({
  checkKey: "in.cin.verify",
  status: "passed",
  result: { company_name: name, company_status: "Active", incorporation_date: "2015-01-01", directors: [{ din: "00000001", name: "ASHA VERMA" }] },
});

describe("KYB cross-checks", () => {
  it("finds nothing when the GSTIN holds the business PAN and the names match", () => {
    expect(businessMismatches(steps("27ABCCE1234F1Z2"), [mca()])).toEqual([]);
  });

  it("flags a GSTIN of another PAN and a legal name unlike the MCA21 name, without personal data", () => {
    const found = businessMismatches(steps("27AAPFU0939F1ZV", "ABCCE1234F", "Acme Private Limited"), [mca()]);
    expect(found.map((f) => f.mismatch)).toEqual(["gstin_pan", "registry_name"]);
    expect(JSON.stringify(found)).not.toMatch(/AAPFU|ABCCE|Acme/);
  });
});

describe("the business profile", () => {
  it("marks each field with the check that answered it or `applicant`", () => {
    const profile = buildBusinessProfile(steps("27ABCCE1234F1Z2"), [
      mca(),
      { checkKey: "in.gstin.verify", status: "failed", result: { gstin_status: "Cancelled" } },
    ]);
    expect(profile).toMatchObject({
      legal_name: { value: "SANDBOX PRIVATE LIMITED", source: "in.cin.verify" },
      status: { value: "Active", source: "in.cin.verify" },
      incorporation_date: { value: "2015-01-01", source: "in.cin.verify" },
      constitution: { value: "private_limited", source: "applicant" },
      registered_address: { value: address, source: "applicant" },
      cin: { value: "U72900KA2015PTC012345", source: "in.cin.verify", verified: true },
      gstin: { value: "27ABCCE1234F1Z2", source: "applicant", verified: false },
      pan: { value: "ABCCE1234F", source: "applicant", verified: false },
      directors: { value: [{ din: "00000001", name: "ASHA VERMA" }], source: "in.cin.verify" },
    });
  });
});

describe("the India KYB rules", () => {
  const kyb = ZDecisionRules.parse(INDIA_WORKFLOWS.find((w) => w.name === "India KYB")!.definition.decision);
  const passed = ["in.pan.verify", "in.gstin.verify", "in.cin.verify", "in.bank_account.verify"].map((checkKey) => ({
    checkKey,
    status: "passed" as const,
    errorCode: null,
  }));
  const director = (status: string, role = "director") => ({ sessionId: `ses_${status}`, role, status });

  it("approve a business whose checks passed and whose directors are approved", () => {
    expect(evaluateDecision(kyb, { checks: passed, related: [director("approved"), director("approved")] }).outcome).toBe("approve");
  });

  it("send a business with a declined director to review, naming the rule and the session", () => {
    const d = evaluateDecision(kyb, { checks: passed, related: [director("approved"), director("declined")] });
    expect(d.outcome).toBe("review");
    expect(d.reasons).toEqual(["key_person_declined"]);
    expect(d.explanations[0]).toContain("director ses_declined declined");
  });

  it("the role filter of a `related_sessions` condition", () => {
    const r = ZDecisionRules.parse({
      rules: [{ name: "ubo_declined", when: { type: "related_sessions", role: ["ubo"], status: ["declined"] }, outcome: "decline" }],
    });
    expect(evaluateDecision(r, { checks: passed, related: [director("declined")] }).outcome).toBe("approve");
    expect(evaluateDecision(r, { checks: passed, related: [director("declined", "ubo")] }).outcome).toBe("decline");
  });

  it("send a GSTIN PAN mismatch to review and decline a cancelled GSTIN", () => {
    const mismatch = evaluateDecision(kyb, { checks: passed, businessMismatches: [{ mismatch: "gstin_pan", detail: "x" }] });
    expect([mismatch.outcome, mismatch.reasons]).toEqual(["review", ["gstin_pan_mismatch"]]);
    const cancelled = passed.map((c) => (c.checkKey === "in.gstin.verify" ? { ...c, status: "failed" as const, errorCode: "gstin_cancelled" } : c));
    expect(evaluateDecision(kyb, { checks: cancelled, related: [director("approved")] }).reasons).toEqual(["gstin_cancelled"]);
  });
});
