/**
 * Reason codes of the decisions: the default list and the schema of a project's edited list
 * (server/sessions/reason-codes.ts reads and stores it). Each code has a label for reviewers
 * and, separately, what the applicant is told (`applicant`, English and Hindi), shown in the
 * hosted flow when a session is declined or sent back for resubmission with that code. The
 * decision's note stays internal. Browser-safe: the settings form validates with the same schema.
 */
import { z } from "zod";

export const OTHER_REASON_CODE = {
  code: "other",
  label: "Other (explain in the note)",
  applicant: { en: "Some of your details could not be verified.", hi: "आपके कुछ विवरणों का सत्यापन नहीं हो सका।" },
} as const;

/** The list of a project that never edited it; its applicant texts also fill codes of an edited list that have none. */
export const DEFAULT_REASON_CODES: readonly TReasonCode[] = [
  {
    code: "identity_confirmed",
    label: "Identity confirmed by reviewer",
    applicant: { en: "Your identity has been confirmed.", hi: "आपकी पहचान की पुष्टि हो गई है।" },
  },
  {
    code: "registry_record_confirmed",
    label: "Registry record confirmed manually",
    applicant: { en: "Your details have been confirmed with the official records.", hi: "आपके विवरणों की पुष्टि आधिकारिक रिकॉर्ड से हो गई है।" },
  },
  {
    code: "name_variation_accepted",
    label: "Name variation accepted (initials, spelling)",
    applicant: { en: "The spelling of your name has been accepted.", hi: "आपके नाम की वर्तनी स्वीकार कर ली गई है।" },
  },
  {
    code: "name_mismatch",
    label: "Name does not match the registry",
    applicant: {
      en: "The name you entered does not match the official records. Enter it exactly as printed on your documents.",
      hi: "आपका भरा हुआ नाम आधिकारिक रिकॉर्ड से मेल नहीं खाता। इसे ठीक वैसे ही भरें जैसा आपके दस्तावेज़ों पर छपा है।",
    },
  },
  {
    code: "document_invalid",
    label: "Document invalid or unreadable",
    applicant: {
      en: "A document was not valid or could not be read. Use a clear photo of a valid document, with all four corners visible.",
      hi: "कोई दस्तावेज़ मान्य नहीं था या पढ़ा नहीं जा सका। किसी मान्य दस्तावेज़ की साफ़ फ़ोटो लें, जिसमें चारों कोने दिखें।",
    },
  },
  {
    code: "suspected_fraud",
    label: "Suspected fraud",
    // never tell an applicant they are suspected: the neutral outcome only
    applicant: { en: "We could not verify your identity.", hi: "हम आपकी पहचान सत्यापित नहीं कर सके।" },
  },
  OTHER_REASON_CODE,
];

/** What the hosted flow tells the applicant about a decision's code, per language (null: no text in that language). */
export type TApplicantReason = { en: string | null; hi: string | null };

/** Most codes a project may define. */
export const REASON_CODES_MAX = 50;

export const ZReasonCode = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Enter a code.")
    .max(64, "At most 64 characters.")
    .regex(/^[a-z][a-z0-9_]*$/, "Lower-case letters, digits and _ only, starting with a letter."),
  label: z.string().trim().min(1, "Enter a label.").max(100, "At most 100 characters."),
  /** What the applicant is told, per flow language; empty: the flow's generic sentence. */
  applicant: z
    .object({
      en: z.string().trim().max(300, "At most 300 characters."),
      hi: z.string().trim().max(300, "At most 300 characters."),
    })
    .optional(),
});
export type TReasonCode = z.infer<typeof ZReasonCode>;

/** An edited list: 1..50 codes besides `other`, no code twice. */
export const ZReasonCodeList = z
  .array(ZReasonCode)
  .max(REASON_CODES_MAX, `At most ${REASON_CODES_MAX} reason codes.`)
  .superRefine((list, ctx) => {
    if (!list.some((r) => r.code !== OTHER_REASON_CODE.code)) ctx.addIssue({ code: "custom", message: "Keep at least one reason code besides “other”." });
    const seen = new Set<string>();
    list.forEach((r, i) => {
      if (seen.has(r.code)) ctx.addIssue({ code: "custom", path: [i, "code"], message: `The code '${r.code}' is already on the list.` });
      seen.add(r.code);
    });
  });
