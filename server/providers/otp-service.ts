/**
 * `in.phone.verify` / `in.email.verify`: answered by the service itself (decisions.md
 * "Checks", issue 5 catalog): passed when the OTP challenge named in the input was verified
 * (server/otp/verify-otp.ts) for exactly that number or address, in the same project and mode
 * (and session, for a session's check).
 */
import { getDb } from "../db";
import type { TEmailVerifyInput, TPhoneVerifyInput } from "../checks/catalog";
import type { CheckProvider, ProviderResult } from "./provider";

const KEYS = new Set(["in.phone.verify", "in.email.verify"]);

export const otpServiceProvider: CheckProvider = {
  name: "otp",
  supports: (key) => KEYS.has(key),
  async verify(key, input, context): Promise<ProviderResult> {
    const i = input as TPhoneVerifyInput | TEmailVerifyInput;
    const [channel, destination] = "phone" in i ? (["phone", i.phone] as const) : (["email", i.email] as const);
    if (!context) throw new Error("in.phone.verify / in.email.verify need the check's project and mode");
    const db = await getDb();
    const challenge = await db.otpChallenge.findFirst({
      where: {
        id: i.challenge_id,
        channel,
        projectId: context.projectId,
        session: { mode: context.mode, ...(context.sessionId ? { id: context.sessionId } : {}) },
      },
      select: { destination: true, verifiedAt: true },
    });
    const verified = !!challenge?.verifiedAt && challenge.destination === destination;
    const result = { channel, otp_verified: verified, ...(verified ? { verified_at: challenge.verifiedAt!.toISOString() } : {}) };
    return verified
      ? { status: "passed", errorCode: null, score: 1, verifiedBy: "source", result }
      : { status: "failed", errorCode: key === "in.phone.verify" ? "phone_not_verified" : "email_not_verified", score: null, verifiedBy: "source", result };
  },
};
