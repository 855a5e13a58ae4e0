/**
 * OTP email over SMTP with nodemailer (https://nodemailer.com/smtp/). One connection per
 * message (OTP volume does not need a pool); `smtp://` upgrades with STARTTLS when the server
 * offers it, `smtps://` is TLS from the start. Subject and body come from OTP_MESSAGES in the
 * session's locale.
 */
import { createTransport } from "nodemailer";
import { DomainError } from "../errors";
import type { SmtpConfig } from "./otp-config";
import { OTP_MESSAGES } from "./otp-messages";
import { deliveryFailed, type OtpDeliveryFailure, type OtpSender } from "./otp-sender";

/** nodemailer error codes (https://nodemailer.com/errors/) -> our failure reason. */
function reasonOf(err: { code?: string; responseCode?: number }): OtpDeliveryFailure {
  switch (err.code) {
    case "ETIMEDOUT":
      return "timeout";
    case "ECONNECTION":
    case "ESOCKET":
    case "EDNS":
    case "ETLS":
      return "network";
    case "EAUTH":
    case "ENOAUTH":
      return "provider_auth";
    case "EENVELOPE":
      return err.responseCode !== undefined && err.responseCode >= 500 ? "recipient_rejected" : "provider_rejected";
    default:
      return err.responseCode !== undefined && err.responseCode < 500 ? "provider_unavailable" : "provider_rejected";
  }
}

/**
 * Sends one message through the SMTP server of `config` (From; `timeoutMs` for connect, greeting
 * and socket inactivity) on a connection of its own, closed after; marked
 * `Auto-Submitted: auto-generated` (RFC 3834) besides `headers`. Used by the OTP sender and the
 * dashboard's account mail (server/users/send-account-mail.ts).
 * @returns the recipients the server rejected (empty: accepted for every recipient)
 * @throws the transport's error (connection, timeout, authentication)
 */
export async function sendSmtpMessage(
  config: SmtpConfig,
  message: { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> },
): Promise<unknown[]> {
  const transport = createTransport({
    url: config.url,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
  });
  try {
    const { headers, ...rest } = message;
    const info = await transport.sendMail({ from: config.from, ...rest, headers: { "Auto-Submitted": "auto-generated", ...headers } });
    return info.rejected;
  } finally {
    transport.close();
  }
}

/**
 * An email `OtpSender` for `config` (SMTP URL, From, timeout in ms for connect, greeting and
 * socket inactivity). Resolves when the server accepted the message for the recipient.
 * @throws DomainError otp_delivery_failed (`details.reason`: timeout, network, provider_auth,
 *   recipient_rejected, provider_unavailable, provider_rejected)
 */
export function createSmtpEmailSender(config: SmtpConfig): OtpSender {
  return {
    async send(m) {
      const words = OTP_MESSAGES[m.locale];
      try {
        const rejected = await sendSmtpMessage(config, {
          to: m.to,
          subject: words.subject({ projectName: m.projectName }),
          text: words.text({ code: m.code, projectName: m.projectName, minutes: m.expiresInMinutes }),
          headers: { "X-Auto-Response-Suppress": "All" },
        });
        if (rejected.length > 0) throw deliveryFailed("email", "recipient_rejected", "recipient rejected", m.challengeId);
      } catch (err) {
        if (err instanceof DomainError) throw err;
        // code and SMTP reply code only: nodemailer's message can quote the recipient address
        const e = err as { code?: string; responseCode?: number };
        throw deliveryFailed("email", reasonOf(e), `${e.code ?? "error"} ${e.responseCode ?? ""}`.trim(), m.challengeId);
      }
    },
  };
}
