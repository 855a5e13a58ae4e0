/**
 * The `business_details` step's schemas: its settings (constitutions offered, the Udyam number)
 * and what the applicant submits. Identifiers are checked offline with the checks engine's own
 * validators (GSTIN mod-36, CIN / LLPIN layout, Udyam), so the form shows the same problem the
 * check would record.
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { cinProblem, llpinProblem, normalizeCin, normalizeLlpin } from "../../checks/validators/cin";
import { gstinProblem, normalizeGstin } from "../../checks/validators/gstin";
import { normalizeUdyam, udyamProblem } from "../../checks/validators/udyam";
import { blankToUndefined, identifier } from "../input-fields";

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

/** `business_details`: the legal forms the applicant may choose and whether the Udyam (MSME) number is asked. */
export const ZBusinessDetailsSettings = z.strictObject({
  constitutions: z
    .array(z.enum(CONSTITUTIONS))
    .min(1, "Offer at least one constitution.")
    .default([...CONSTITUTIONS])
    .meta({
      title: "Constitutions",
      description: "Legal forms offered, in this order: a company gives its CIN, an LLP its LLPIN (checked with in.cin.verify).",
    }),
  udyam: z
    .enum(["optional", "hidden"])
    .default("optional")
    .meta({ title: "Udyam number", description: "Ask for the optional Udyam (MSME) registration number, checked with in.udyam.verify when given." }),
});

export const ZBusinessAddress = z.strictObject({
  line1: z.string().trim().min(3, { error: "address_required" }).max(200, { error: "field_too_long" }),
  line2: z.preprocess(blankToUndefined, z.string().trim().max(200, { error: "field_too_long" }).optional()),
  city: z.string().trim().min(2, { error: "city_required" }).max(100, { error: "field_too_long" }),
  state: z.string().trim().min(2, { error: "state_required" }).max(100, { error: "field_too_long" }),
  pincode: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{5}$/, { error: "pincode_invalid" }),
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
