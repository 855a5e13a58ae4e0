/**
 * The `ckyc` step's schemas: its settings (how the applicant unlocks their record, which steps a
 * downloaded CKYC record makes unnecessary) and what the applicant submits: with
 * `authentication: otp` the PAN and the record's mobile number to start the download, the
 * registry's code, then the finished download check; with `date_of_birth` the PAN and date of
 * birth; or that they go on without CKYC. Error messages of the applicant's input are i18n keys of
 * the flow's dictionary (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { normalizePan, panProblem } from "../../checks/pan";

/** The steps a downloaded CKYC record can stand in for: it holds the PAN, name, date of birth, address and an officially valid document. */
export const CKYC_SKIPPABLE_STEPS = ["pan", "aadhaar", "documents"] as const;

/** How the applicant proves the record is theirs (the download's authentication factor). */
export const CKYC_AUTHENTICATIONS = ["otp", "date_of_birth"] as const;

export const ZCkycSettings = z.strictObject({
  authentication: z.enum(CKYC_AUTHENTICATIONS).default("otp").meta({
    title: "How the applicant unlocks their record",
    description:
      "`otp` (the registry's rule for individuals since CKYC 1.3, 9 May 2025): the registry sends a code to the mobile number on the record, and the applicant enters it. `date_of_birth`: the date of birth as the authentication factor (CKYCR's own download, for regulated entities that connect to CERSAI directly).",
  }),
  skip_steps: z.array(z.enum(CKYC_SKIPPABLE_STEPS)).default(["pan", "documents"]).meta({
    title: "Steps a CKYC record replaces",
    description:
      "Steps skipped when the applicant's CKYC record was downloaded (the record proves the PAN, name, date of birth, address and identity document).",
  }),
});
export type TCkycSettings = z.infer<typeof ZCkycSettings>;

const ZIndividualPan = z
  .string()
  .transform(normalizePan)
  .superRefine((pan, ctx) => {
    const problem = panProblem(pan, "individual");
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** With `authentication: date_of_birth`: the PAN and date of birth that search and download the record. */
export const ZCkycDobInput = z.strictObject({
  pan: ZIndividualPan,
  dob: z.iso.date({ error: "dob_invalid" }).refine((d) => d >= "1900-01-01" && d <= new Date().toISOString().slice(0, 10), { error: "dob_invalid" }),
});

/** With `authentication: otp`: the PAN searched by and the mobile number registered with the record (the registry sends the code to it); 10 digits. */
export const ZCkycOtpStart = z.strictObject({
  pan: ZIndividualPan,
  mobile: z
    .string()
    .max(32)
    .transform((v) => v.replace(/[\s\-().]/g, ""))
    .pipe(z.string().regex(/^(?:\+?91|0)?[6-9]\d{9}$/, "phone_invalid"))
    .transform((v) => v.slice(-10)),
});

/** The registry's 6-digit code for the step's download check, or a request for a new one. */
export const ZCkycOtpEntry = z.union([
  z.strictObject({
    check_id: z.string().min(1).max(64),
    otp: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, "code_invalid"),
  }),
  z.strictObject({ check_id: z.string().min(1).max(64), resend: z.literal(true) }),
]);

/**
 * What the flow's page sees of the step's OTP download (never the record's content): the answer of
 * `startCkycOtp` / `enterCkycOtp` (server/steps/ckyc/ckyc-otp.ts), the tRPC output of both.
 */
export const ZCkycOtpView = z.object({
  /** The check the step is submitted with once `state` is not `code_sent`. */
  check_id: z.string(),
  /**
   * `code_sent`: waiting for the code; `downloaded`: the record was released; `not_found`: no record
   * for the PAN; `mobile_mismatch`: the number is not the record's (no code sent); `expired`: the code
   * expired (start again); `locked`: 3 wrong codes; `unavailable`: the registry could not be reached.
   */
  state: z.enum(["code_sent", "downloaded", "not_found", "mobile_mismatch", "expired", "locked", "unavailable"]),
  /** Where the code went, masked (`******3210`). */
  otp_sent_to: z.string().nullable(),
  otp_expires_at: z.string().nullable(),
  /** When a new code may be asked for. */
  resend_available_at: z.string().nullable(),
  attempts_left: z.number().int().nullable(),
  /** The last code entered was wrong (the check still waits). */
  wrong_code: z.boolean(),
});
export type TCkycOtpView = z.output<typeof ZCkycOtpView>;

/** With `authentication: otp`: the step is submitted with its finished download check (or the search that found no record). */
export const ZCkycOtpDone = z.strictObject({ check_id: z.string().min(1).max(64) });

const ZCkycSkip = z.strictObject({ skip: z.literal(true) });

/** What submitting the step takes: the finished OTP download, the PAN and date of birth, or going on without CKYC. */
export type TCkycStepInput = z.output<typeof ZCkycOtpDone> | z.output<typeof ZCkycDobInput> | z.output<typeof ZCkycSkip>;

/** What submitting the step takes under `settings`. */
export function ckycStepInput(settings: TCkycSettings): z.ZodType<TCkycStepInput> {
  return settings.authentication === "otp" ? z.union([ZCkycOtpDone, ZCkycSkip]) : z.union([ZCkycDobInput, ZCkycSkip]);
}
