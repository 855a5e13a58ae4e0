/**
 * OTP SMS through MSG91's "Send SMS via Flow" API, documented at
 * https://control.msg91.com/apidoc/textsms/send-sms-flow.php :
 *
 *   POST https://control.msg91.com/api/v5/flow/
 *   Content-Type: application/json
 *   authkey: <auth key>
 *   { "flow_id": "<flow id>", "sender": "<sender id>",
 *     "recipients": [ { "mobiles": "919XXXXXXXXX", "<VAR>": "<value>" } ] }
 *   -> { "message": "<request id>", "type": "success" }   (failures: "type": "error")
 *
 * `mobiles` is the number in international format without `+`; every other recipient key
 * fills the flow variable of that name. Our flow (a DLT-approved template) must contain the
 * variable `##otp##`. A Hindi flow (`MSG91_FLOW_ID_HI`) is used for locale `hi`, sent with
 * `unicode: 1` as the same page documents for non-English text.
 */
import type { Msg91Config } from "./otp-config";
import { deliveryFailed, type OtpSender } from "./otp-sender";

/** The flow endpoint for a base URL such as `https://control.msg91.com`. */
export function msg91FlowUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/api/v5/flow/`;
}

/** The JSON body MSG91 gets for one code (exported for tests and docs). */
export function msg91FlowBody(config: Msg91Config, m: { to: string; code: string; locale: string }) {
  const hindi = m.locale === "hi" && Boolean(config.flowIdHi);
  return {
    flow_id: hindi ? config.flowIdHi! : config.flowId,
    sender: config.senderId,
    ...(hindi ? { unicode: 1 } : {}),
    recipients: [{ mobiles: m.to.replace(/^\+/, ""), otp: m.code }],
  };
}

/**
 * An SMS `OtpSender` for `config`. One POST per code, `config.timeoutMs` for the whole
 * exchange, redirects refused. Accepted only on a 2xx answer whose JSON `type` is `success`.
 * @throws DomainError otp_delivery_failed with `details.reason`: `timeout`, `network` (no
 *   answer), `provider_auth` (401/403 or an authentication error body), `provider_rate_limited`
 *   (429), `provider_unavailable` (5xx), `provider_rejected` (other 4xx, or `type: "error"`).
 */
export function createMsg91SmsSender(config: Msg91Config): OtpSender {
  return {
    async send(m) {
      let res: Response;
      try {
        res = await fetch(msg91FlowUrl(config.baseUrl), {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", authkey: config.authKey },
          body: JSON.stringify(msg91FlowBody(config, m)),
          redirect: "error",
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        const name = (err as Error)?.name;
        throw deliveryFailed("phone", name === "TimeoutError" || name === "AbortError" ? "timeout" : "network", name, m.challengeId);
      }
      let body: { type?: unknown; message?: unknown } = {};
      try {
        body = (await res.json()) as typeof body;
      } catch (err) {
        if ((err as Error)?.name === "TimeoutError") throw deliveryFailed("phone", "timeout", "body", m.challengeId);
        // a non-JSON answer: judged by its status below
      }
      const said = typeof body.message === "string" ? body.message.slice(0, 200) : undefined;
      const cause = `HTTP ${res.status}${said ? `: ${said}` : ""}`;
      if (res.status === 401 || res.status === 403) throw deliveryFailed("phone", "provider_auth", cause, m.challengeId);
      if (res.status === 429) throw deliveryFailed("phone", "provider_rate_limited", cause, m.challengeId);
      if (res.status >= 500) throw deliveryFailed("phone", "provider_unavailable", cause, m.challengeId);
      if (!res.ok) throw deliveryFailed("phone", "provider_rejected", cause, m.challengeId);
      if (body.type !== "success") {
        throw deliveryFailed("phone", said && /auth/i.test(said) ? "provider_auth" : "provider_rejected", cause, m.challengeId);
      }
    },
  };
}
