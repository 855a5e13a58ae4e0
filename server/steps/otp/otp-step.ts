/**
 * `phone` and `email`: a destination verified by a one-time code (server/flow/flow-otp.ts sends
 * and verifies it; a verified code submits the step with `otpStepData`). Submitting the step
 * itself keeps a destination verified earlier in the session (the applicant edits the summary
 * and keeps it). Checks: `in.phone.verify` / `in.email.verify` with the verified challenge.
 */
import type { z } from "zod";
import { DomainError } from "../../errors";
import { defineStep, type StoredStep } from "../step-type";
import { ZEmailSettings, ZOtpKeptChallenge, ZPhoneSettings } from "./otp.schemas";

type Channel = "phone" | "email";

/** What a `phone` / `email` step stores: `{ phone | email: destination, challenge_id }`. */
export function otpStepData(channel: Channel, destination: string, challengeId: string): Record<string, unknown> {
  return { [channel]: destination, challenge_id: challengeId };
}

/** The session's OTP-verified mobile number (its submitted `phone` step's destination), if it has one. */
export function verifiedPhone(steps: readonly StoredStep[]): string | undefined {
  for (const st of steps) {
    const phone = st.type === "phone" ? (st.data as { phone?: unknown } | null)?.phone : undefined;
    if (typeof phone === "string") return phone;
  }
  return undefined;
}

function otpStep<S>(channel: Channel, info: { label: string; description: string; settings: z.ZodType<S> }) {
  return defineStep({
    type: channel,
    ...info,
    for: ["kyc", "kyb"],
    otp: channel,
    input: () => ZOtpKeptChallenge,
    /** @throws DomainError otp_not_sent (`param: "code"`) unless the payload names a challenge of this step that was verified. */
    async submit({ db, session, step, input }) {
      const c = input.challenge_id
        ? await db.otpChallenge.findFirst({
            where: { id: input.challenge_id, sessionId: session.id, step: step.name, verifiedAt: { not: null } },
            select: { id: true, destination: true },
          })
        : null;
      if (!c) throw new DomainError("otp_not_sent", "Verify the code first.", { param: "code" });
      return { data: otpStepData(channel, c.destination, c.id), method: "otp" };
    },
    plannedChecks: ({ data }) => [{ key: `in.${channel}.verify`, input: { [channel]: data[channel], challenge_id: data.challenge_id } }],
  });
}

export const phoneStep = otpStep("phone", {
  label: "Phone",
  description: "A mobile number verified with a one-time code by SMS.",
  settings: ZPhoneSettings,
});

export const emailStep = otpStep("email", {
  label: "Email",
  description: "An email address verified with a one-time code.",
  settings: ZEmailSettings,
});
