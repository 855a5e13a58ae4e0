/**
 * Emails a key person the link to their own KYC session (the `invite-key-person` Inngest
 * function, after the transaction that created the session committed). The link is the child
 * session's invitation link (server/kyb/key-person-invite.ts): it works for as long as the
 * session is active, and each visit issues a client token. It goes
 * through the dashboard's account mailer (SMTP_URL / EMAIL_FROM, server/users/mail-config.ts)
 * in both modes, as the dashboard's emails do; without SMTP settings nothing is sent and the
 * applicant shares the links from the flow. Every sent invitation is written to the audit log.
 */
import type { Db } from "../db";
import { writeAudit, SYSTEM_ACTOR } from "../audit/write-audit";
import { ACTIVE_STATUSES } from "../sessions/session-state";
import { accountMailConfig } from "../users/mail-config";
import { type AccountMail, sendAccountMail } from "../users/send-account-mail";
import { otpLocale } from "../otp/otp-messages";
import { businessLegalName } from "./business-profile";
import { keyPersonInviteUrl } from "./key-person-invite";

type InviteText = (v: { business: string; org: string; role: string; url: string; to: string }) => AccountMail;

const ROLE_WORDS = {
  en: { director: "a director", partner: "a partner", ubo: "a beneficial owner", authorized_signatory: "an authorized signatory" },
  hi: { director: "निदेशक", partner: "साझेदार", ubo: "लाभार्थी स्वामी", authorized_signatory: "अधिकृत हस्ताक्षरकर्ता" },
} as const;

const INVITES: Record<"en" | "hi", InviteText> = {
  en: ({ business, org, role, url, to }) => ({
    to,
    subject: `Verify your identity for ${business}`,
    intro: [
      `${business} is being verified by ${org}. As ${role} of the business, you are asked to verify your identity too.`,
      "It takes a few minutes: have your PAN at hand.",
    ],
    action: { label: "Verify my identity", url },
    outro: [
      "The link keeps working until you have finished, so you can come back to it later. If it no longer works, ask the person who added you.",
      "If you don't know this business, you can ignore this email.",
    ],
  }),
  hi: ({ business, org, role, url, to }) => ({
    to,
    subject: `${business} के लिए अपनी पहचान सत्यापित करें`,
    intro: [
      `${org} द्वारा ${business} का सत्यापन किया जा रहा है। व्यवसाय के ${role} के रूप में आपसे भी अपनी पहचान सत्यापित करने का अनुरोध है।`,
      "इसमें कुछ मिनट लगते हैं: अपना PAN पास रखें।",
    ],
    action: { label: "मेरी पहचान सत्यापित करें", url },
    outro: [
      "यह लिंक तब तक काम करता है जब तक आप सत्यापन पूरा नहीं कर लेते, इसलिए आप बाद में भी इस पर लौट सकते हैं। अगर यह काम न करे, तो जिसने आपको जोड़ा है उनसे संपर्क करें।",
      "यदि आप इस व्यवसाय को नहीं जानते, तो इस ईमेल को अनदेखा करें।",
    ],
  }),
};

export type InviteOutcome = { sent: true } | { sent: false; reason: "session_not_active" | "invite_revoked" | "no_email" | "email_not_configured" };

/**
 * Sends the invitation of the key person's session `childId`.
 * @returns whether it was sent; not when the session is no longer active, its invitation was
 *   withdrawn, it has no email address or SMTP is not configured.
 * @throws the mailer's error (connection, rejected recipient): the caller retries.
 */
export async function sendKeyPersonInvite(db: Db, childId: string): Promise<InviteOutcome> {
  const child = await db.session.findUnique({
    where: { id: childId },
    select: {
      status: true,
      role: true,
      locale: true,
      prefill: true,
      projectId: true,
      mode: true,
      inviteGeneration: true,
      inviteRevokedAt: true,
      project: { select: { organization: { select: { name: true } } } },
      parent: { select: { steps: { select: { type: true, data: true } } } },
    },
  });
  if (!child || !ACTIVE_STATUSES.includes(child.status)) return { sent: false, reason: "session_not_active" };
  if (child.inviteRevokedAt) return { sent: false, reason: "invite_revoked" };
  const to = (child.prefill as { email?: string } | null)?.email;
  if (!to) return { sent: false, reason: "no_email" };
  const config = accountMailConfig();
  if (!config) return { sent: false, reason: "email_not_configured" };
  const locale = otpLocale(child.locale);
  const org = child.project.organization.name;
  const roleWords: Record<string, string> = ROLE_WORDS[locale];
  await sendAccountMail(
    config,
    INVITES[locale]({
      business: businessLegalName(child.parent?.steps ?? []) ?? org,
      org,
      role: roleWords[child.role ?? ""] ?? roleWords.director!,
      url: keyPersonInviteUrl(childId, child.inviteGeneration),
      to,
    }),
  );
  await db.$transaction((tx) =>
    writeAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: "session.key_person_invited",
      objectType: "session",
      objectId: childId,
      projectId: child.projectId,
      mode: child.mode,
    }),
  );
  return { sent: true };
}
