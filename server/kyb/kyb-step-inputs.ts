/**
 * What the applicant submits in the four KYB steps (`business_details`, `business_documents`,
 * `key_people`, `bank_account`), one zod schema per step: used by the flow's forms (validated
 * as typed) and by the server (server/flow/submit-step.ts). Identifiers are checked offline
 * with the checks engine's own validators (GSTIN mod-36, CIN / LLPIN layout, Udyam, IFSC,
 * account number), so the form shows the same problem the check would record. Error messages
 * are i18n keys of the flow's dictionary (components/flow/i18n/en.ts `errors`).
 * Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { bankAccountNumberProblem, normalizeBankAccountNumber } from "../checks/validators/bank-account";
import { cinProblem, llpinProblem, normalizeCin, normalizeLlpin } from "../checks/validators/cin";
import { gstinProblem, normalizeGstin } from "../checks/validators/gstin";
import { ifscProblem, normalizeIfsc } from "../checks/validators/ifsc";
import { normalizeUdyam, udyamProblem } from "../checks/validators/udyam";
import { ZFlowEmail, ZFlowPhone } from "../flow/step-inputs";

/** Legal forms of an Indian business, as the applicant picks them. */
export const CONSTITUTIONS = ["private_limited", "public_limited", "llp", "partnership", "proprietorship", "trust"] as const;
export type TConstitution = (typeof CONSTITUTIONS)[number];

/**
 * The MCA21 registration a constitution has: a company a CIN (Companies Act 2013), an LLP an
 * LLPIN (LLP Act 2008); partnerships, proprietorships and trusts are not on MCA21.
 */
export function mcaRegistration(constitution: TConstitution): "cin" | "llpin" | null {
  if (constitution === "private_limited" || constitution === "public_limited") return "cin";
  if (constitution === "llp") return "llpin";
  return null;
}

/** Roles of the people behind a business (the child session's `role`). */
export const KEY_PERSON_ROLES = ["director", "partner", "ubo", "authorized_signatory"] as const;
export type TKeyPersonRole = (typeof KEY_PERSON_ROLES)[number];

/** An identifier field: upper-cased without spaces, then `problem` (a validator of server/checks/validators) must pass. */
function identifier(normalize: (raw: string) => string, problem: (v: string) => string | null, required: string) {
  return z
    .string({ error: required })
    .max(40, { error: required })
    .transform(normalize)
    .superRefine((v, ctx) => {
      const p = v ? problem(v) : required;
      if (p) ctx.addIssue({ code: "custom", message: p });
    });
}

/** An optional text field: blank becomes undefined. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const ZBusinessAddress = z.strictObject({
  line1: z.string().trim().min(3, { error: "address_required" }).max(200, { error: "field_too_long" }),
  line2: z.preprocess(blankToUndefined, z.string().trim().max(200, { error: "field_too_long" }).optional()),
  city: z.string().trim().min(2, { error: "city_required" }).max(100, { error: "field_too_long" }),
  state: z.string().trim().min(2, { error: "state_required" }).max(100, { error: "field_too_long" }),
  pincode: z.string().trim().regex(/^[1-9][0-9]{5}$/, { error: "pincode_invalid" }),
});

/**
 * `business_details`: legal name, constitution, GSTIN, the CIN (companies) or LLPIN (LLPs) the
 * constitution needs (dropped when it needs none), an optional Udyam number and the registered
 * address.
 */
export const ZBusinessDetailsStepInput = z
  .strictObject({
    legal_name: z
      .string()
      .trim()
      .min(2, { error: "legal_name_required" })
      .max(200, { error: "field_too_long" })
      .regex(/^[\p{L}\p{N} .,'&()/-]+$/u, { error: "legal_name_invalid" }),
    constitution: z.enum(CONSTITUTIONS, { error: "constitution_required" }),
    gstin: identifier(normalizeGstin, gstinProblem, "gstin_required"),
    cin: z.preprocess(blankToUndefined, z.string().optional()),
    llpin: z.preprocess(blankToUndefined, z.string().optional()),
    udyam_number: z.preprocess(blankToUndefined, identifier(normalizeUdyam, udyamProblem, "udyam_format_invalid").optional()),
    address: ZBusinessAddress,
  })
  .transform((input, ctx) => {
    const needs = mcaRegistration(input.constitution);
    const registration = (key: "cin" | "llpin") => {
      const raw = input[key];
      if (needs !== key) return undefined;
      const value = key === "cin" ? normalizeCin(raw ?? "") : normalizeLlpin(raw ?? "");
      const problem = !value ? `${key}_required` : key === "cin" ? cinProblem(value) : llpinProblem(value);
      if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
      return value;
    };
    const cin = registration("cin");
    const llpin = registration("llpin");
    return {
      legal_name: input.legal_name.replace(/\s+/g, " "),
      constitution: input.constitution,
      gstin: input.gstin,
      ...(cin ? { cin } : {}),
      ...(llpin ? { llpin } : {}),
      ...(input.udyam_number ? { udyam_number: input.udyam_number } : {}),
      address: input.address,
    };
  });
export type TBusinessDetailsStepInput = z.output<typeof ZBusinessDetailsStepInput>;
export type TBusinessDetailsForm = z.input<typeof ZBusinessDetailsStepInput>;

/** An evidence file id as returned by the upload route. */
const ZFileId = z.string().regex(/^file_[0-9A-Za-z]{20,40}$/, { error: "file_required" });

/**
 * `business_documents`: one uploaded file per document type, `{ files: { <type>: file_... } }`.
 * `required` and `offered` are the types resolved for the business's constitution
 * (server/kyb/business-documents.ts): every required type needs a file, others are optional.
 */
export function businessDocumentsStepInput(offered: readonly string[], required: readonly string[]) {
  return z
    .strictObject({ files: z.record(z.string(), ZFileId) })
    .superRefine((input, ctx) => {
      for (const type of Object.keys(input.files)) {
        if (!offered.includes(type)) ctx.addIssue({ code: "custom", path: ["files", type], message: "document_type_required" });
      }
      for (const type of required) {
        if (!input.files[type]) ctx.addIssue({ code: "custom", path: ["files", type], message: "business_document_required" });
      }
    });
}
export type TBusinessDocumentsStepInput = z.output<ReturnType<typeof businessDocumentsStepInput>>;

/** Most key people one business may list (each gets a KYC session). */
export const MAX_KEY_PEOPLE = 10;

export const ZKeyPerson = z.strictObject({
  name: z
    .string()
    .trim()
    .min(2, { error: "person_name_required" })
    .max(100, { error: "name_too_long" })
    .regex(/^[\p{L} .'-]+$/u, { error: "name_invalid" }),
  role: z.enum(KEY_PERSON_ROLES, { error: "role_required" }),
  ownership_percent: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ error: "ownership_invalid" }).min(0, { error: "ownership_invalid" }).max(100, { error: "ownership_invalid" }).optional(),
  ),
  email: ZFlowEmail,
  phone: ZFlowPhone,
  /** Director Identification Number when the person came from the MCA21 answer. */
  din: z.preprocess(blankToUndefined, z.string().regex(/^[0-9]{8}$/, { error: "field_format" }).optional()),
});
export type TKeyPerson = z.output<typeof ZKeyPerson>;

/**
 * `key_people`: at least one person, at most MAX_KEY_PEOPLE; ownership adds up to at most
 * 100 %; every email address once (each person gets their own link by email).
 */
export const ZKeyPeopleStepInput = z
  .strictObject({ people: z.array(ZKeyPerson).min(1, { error: "people_required" }).max(MAX_KEY_PEOPLE, { error: "people_too_many" }) })
  .superRefine((input, ctx) => {
    const total = input.people.reduce((sum, p) => sum + (p.ownership_percent ?? 0), 0);
    if (total > 100) {
      input.people.forEach((p, i) => {
        if (p.ownership_percent) ctx.addIssue({ code: "custom", path: ["people", i, "ownership_percent"], message: "ownership_total_exceeded" });
      });
    }
    const seen = new Map<string, number>();
    input.people.forEach((p, i) => {
      const key = p.email.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["people", i, "email"], message: "email_duplicate" });
      else seen.set(key, i);
    });
  });
export type TKeyPeopleStepInput = z.output<typeof ZKeyPeopleStepInput>;
export type TKeyPeopleForm = z.input<typeof ZKeyPeopleStepInput>;

/** `bank_account`: the business's current account for the penny drop (`in.bank_account.verify`). */
export const ZBankAccountStepInput = z
  .strictObject({
    account_number: z
      .string({ error: "account_number_required" })
      .max(40, { error: "bank_account_number_invalid" })
      .transform(normalizeBankAccountNumber)
      .superRefine((v, ctx) => {
        const p = v ? bankAccountNumberProblem(v) : "account_number_required";
        if (p) ctx.addIssue({ code: "custom", message: p });
      }),
    account_number_confirm: z.string().max(40),
    ifsc: identifier(normalizeIfsc, ifscProblem, "ifsc_required"),
  })
  .superRefine((input, ctx) => {
    if (normalizeBankAccountNumber(input.account_number_confirm) !== input.account_number) {
      ctx.addIssue({ code: "custom", path: ["account_number_confirm"], message: "account_number_mismatch" });
    }
  })
  .transform(({ account_number, ifsc }) => ({ account_number, ifsc }));
export type TBankAccountStepInput = z.output<typeof ZBankAccountStepInput>;
export type TBankAccountForm = z.input<typeof ZBankAccountStepInput>;
