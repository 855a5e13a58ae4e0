/**
 * Sends one account email (password reset, invitation) over SMTP with nodemailer, as plain
 * text plus a simple HTML part with one call-to-action button. One connection per message:
 * these emails are rare.
 */
import { sendSmtpMessage } from "../otp/smtp-email-sender";
import type { SmtpConfig } from "../otp/otp-config";

export interface AccountMail {
  to: string;
  subject: string;
  /** Paragraphs before the button (plain text; escaped for the HTML part). */
  intro: string[];
  action: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The text and HTML bodies of `mail` (exported for tests). */
export function renderAccountMail(mail: AccountMail): { text: string; html: string } {
  const text = [...mail.intro, `${mail.action.label}: ${mail.action.url}`, ...mail.outro].join("\n\n") + "\n";
  const p = (s: string) => `<p style="margin:0 0 16px;font:15px/1.5 system-ui,sans-serif;color:#0f172a">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc">
<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:28px">
${mail.intro.map(p).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#2a55e0;color:#fff;text-decoration:none;font:600 15px system-ui,sans-serif;padding:10px 18px;border-radius:6px">${escapeHtml(mail.action.label)}</a></p>
${mail.outro.map(p).join("\n")}
</div></body></html>`;
  return { text, html };
}

/**
 * Delivers `mail` through the SMTP server of `config`; resolves once the server accepted it.
 * @throws the transport's error (connection, authentication, rejected recipient).
 */
export async function sendAccountMail(config: SmtpConfig, mail: AccountMail): Promise<void> {
  const { text, html } = renderAccountMail(mail);
  const rejected = await sendSmtpMessage(config, { to: mail.to, subject: mail.subject, text, html });
  if (rejected.length > 0) throw new Error("recipient rejected");
}
