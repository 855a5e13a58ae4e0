/**
 * The `key_people` step's schemas: its settings (the KYC workflow each key person completes, the
 * roles verified) and the people the applicant lists.
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { blankToUndefined } from "../input-fields";
import { ZFlowEmail, ZFlowPhone } from "../otp/otp.schemas";

/** Roles of the people behind a business (the child session's `role`). */
export const KEY_PERSON_ROLES = ["director", "partner", "ubo", "authorized_signatory"] as const;
export type TKeyPersonRole = (typeof KEY_PERSON_ROLES)[number];

/** `key_people`: who gets a KYC session of their own, and with which workflow. */
export const ZKeyPeopleSettings = z.strictObject({
  kyc_workflow: z
    .string()
    .min(1)
    .max(100)
    .default("India KYC")
    .meta({ title: "KYC workflow", description: "Name or id (wf_...) of a published KYC workflow of the project that each key person completes." }),
  kyc_roles: z
    .array(z.enum(KEY_PERSON_ROLES))
    .min(1, "Choose at least one role.")
    .default([...KEY_PERSON_ROLES])
    .meta({ title: "Roles verified", description: "Key people with these roles get a KYC session; the business waits until each is decided." }),
});
export type TKeyPeopleSettings = z.infer<typeof ZKeyPeopleSettings>;

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
  din: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[0-9]{8}$/, { error: "field_format" })
      .optional(),
  ),
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
