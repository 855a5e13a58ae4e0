/**
 * Live-mode delivery against real servers on loopback: an SMTP server (smtp-server) for email
 * and a node:http server speaking MSG91's flow API for SMS. Settings come from process.env
 * through otpDeliveryConfig(), as in production.
 */
import { type IncomingHttpHeaders, createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { parseEnv } from "../env";
import { createSession } from "../sessions/create-session";
import { OTP_RESEND_AFTER_MS } from "./otp-code";
import { otpDeliveryConfig } from "./otp-config";
import { sendOtp } from "./send-otp";
import { verifyOtp } from "./verify-otp";
import { demoDb } from "~/tests/fixtures/demo-db";
import { domainError } from "~/tests/fixtures/domain-error";

let db: Db;
let projectId: string;
let workflowId: string;
const T0 = new Date("2026-11-22T10:00:00.000Z");

// ---- a real SMTP server on 127.0.0.1:0 ----------------------------------------------------
interface Mail {
  from: string;
  to: string[];
  user: string | undefined;
  headers: Record<string, string>;
  text: string;
}
const mails: Mail[] = [];
let smtpConnections = 0;
let smtp: SMTPServer;
let smtpPort: number;

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?...?=` / `?Q?`) in a header value. */
function decodeWords(v: string): string {
  return v.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_m, _cs: string, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** A single-part text message: unfolded, decoded headers and the decoded body. */
function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")) {
    const i = line.indexOf(":");
    headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  const body = raw.slice(split + 4);
  const cte = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const text =
    cte === "base64"
      ? Buffer.from(body, "base64").toString("utf8")
      : cte === "quoted-printable"
        ? Buffer.from(
            body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8")
        : body;
  return { headers, text };
}

// ---- a loopback MSG91 ---------------------------------------------------------------------
interface SmsRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { flow_id: string; sender: string; unicode?: number; recipients: { mobiles: string; otp: string }[] };
}
const smsRequests: SmsRequest[] = [];
/** What the fake provider answers next: status, body, or a delay longer than the timeout. */
let smsReply: { status: number; body: string; delayMs?: number } = {
  status: 200,
  body: JSON.stringify({ message: "3763646c3058373530393831", type: "success" }),
};
let sms: Server;
let smsPort: number;

const SMTP_URL = () => `smtp://otp-user:otp-pass@127.0.0.1:${smtpPort}`;
const SMS_ENV = () => ({
  MSG91_BASE_URL: `http://127.0.0.1:${smsPort}`,
  MSG91_AUTH_KEY: "test-auth-key-123",
  MSG91_FLOW_ID: "flow-en-1",
  MSG91_FLOW_ID_HI: "flow-hi-1",
  MSG91_SENDER_ID: "KYCDMO",
  OTP_DELIVERY_TIMEOUT_MS: "500",
});

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  projectId = seed.projectId;
  workflowId = seed.workflows.kyc;

  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onConnect(_session, cb) {
      smtpConnections++;
      cb();
    },
    onAuth(auth, _session, cb) {
      if (auth.username === "otp-user" && auth.password === "otp-pass") cb(null, { user: auth.username });
      else cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const { headers, text } = parseMessage(Buffer.concat(chunks).toString("latin1"));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          headers,
          text,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  sms = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      smsRequests.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      const reply = smsReply;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "Content-Type": "application/json" }).end(reply.body);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, "127.0.0.1", resolve));
  smsPort = (sms.address() as AddressInfo).port;

  process.env.SMTP_URL = SMTP_URL();
  process.env.EMAIL_FROM = "Demo Verify <no-reply@demo.test>";
  Object.assign(process.env, SMS_ENV());
});

afterAll(async () => {
  for (const k of ["SMTP_URL", "EMAIL_FROM", ...Object.keys(SMS_ENV())]) delete process.env[k];
  sms.closeAllConnections();
  await new Promise<void>((resolve) => sms.close(() => resolve()));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(() => {
  mails.length = 0;
  smsRequests.length = 0;
  smsReply = { status: 200, body: JSON.stringify({ message: "3763646c3058373530393831", type: "success" }) };
  process.env.SMTP_URL = SMTP_URL();
});

async function newSession(mode: "test" | "live"): Promise<string> {
  const s = await createSession(db, { projectId, mode }, { workflow_id: workflowId }, { type: "api_key", id: "key_test" });
  return s.id;
}

function sendEmail(sessionId: string, over: Partial<Parameters<typeof sendOtp>[0]> = {}) {
  return sendOtp({
    db,
    projectId,
    mode: "live",
    sessionId,
    step: "email",
    channel: "email",
    destination: "Ravi.K@Example.com",
    locale: "en",
    now: T0,
    ...over,
  });
}

function sendSms(sessionId: string, over: Partial<Parameters<typeof sendOtp>[0]> = {}) {
  return sendOtp({ db, projectId, mode: "live", sessionId, step: "phone", channel: "phone", destination: "098765 43210", locale: "en", now: T0, ...over });
}

function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  expect(m).not.toBeNull();
  return m![1]!;
}

describe("otpDeliveryConfig", () => {
  it("reads both channels, defaults the MSG91 base URL and refuses half or malformed settings", () => {
    expect(
      otpDeliveryConfig(
        parseEnv({
          SMTP_URL: "smtps://u:p@mail.example.com:465",
          EMAIL_FROM: "x@example.com",
          MSG91_AUTH_KEY: "k",
          MSG91_FLOW_ID: "f",
          MSG91_SENDER_ID: "ABCDEF",
        }),
      ),
    ).toEqual({
      email: { url: "smtps://u:p@mail.example.com:465", from: "x@example.com", timeoutMs: 10_000 },
      sms: { baseUrl: "https://control.msg91.com", authKey: "k", senderId: "ABCDEF", flowId: "f", flowIdHi: undefined, timeoutMs: 10_000 },
    });
    expect(otpDeliveryConfig(parseEnv({ SMTP_URL: "", EMAIL_FROM: "" }))).toEqual({ email: null, sms: null });
    expect(() => otpDeliveryConfig(parseEnv({ SMTP_URL: "http://mail.example.com", EMAIL_FROM: "x@example.com" }))).toThrow(/SMTP_URL/);
    expect(() => otpDeliveryConfig(parseEnv({ SMTP_URL: "smtp://mail.example.com" }))).toThrow(/EMAIL_FROM/);
    expect(() => otpDeliveryConfig(parseEnv({ MSG91_AUTH_KEY: "k" }))).toThrow(/MSG91_FLOW_ID/);
  });
});

describe("email over SMTP", () => {
  it("sends the code in English to the recipient, and that code verifies", async () => {
    const sessionId = await newSession("live");
    const res = await sendEmail(sessionId);
    expect(res.destination_masked).toBe("R•••@example.com");

    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(["Ravi.K@example.com"]);
    expect(mail.from).toBe("no-reply@demo.test");
    expect(mail.user).toBe("otp-user");
    expect(mail.headers.subject).toBe("Your verification code for Demo");
    expect(mail.headers["auto-submitted"]).toBe("auto-generated");
    expect(mail.text).toContain("expires in 10 minutes");
    const code = codeIn(mail.text);

    const row = await db.otpChallenge.findUniqueOrThrow({ where: { id: res.challenge_id } });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const wrong = code === "000000" ? "000001" : "000000";
    expect(await domainError(verifyOtp({ db, sessionId, step: "email", code: wrong, now: T0 }))).toMatchObject({
      code: "otp_invalid",
      details: { attempts_left: 4 },
    });
    expect(await verifyOtp({ db, sessionId, step: "email", code, now: T0 })).toEqual({
      verified: true,
      challenge_id: res.challenge_id,
      channel: "email",
      destination: "Ravi.K@example.com",
    });
  });

  it("writes Hindi for locale hi", async () => {
    const sessionId = await newSession("live");
    await sendEmail(sessionId, { locale: "hi", destination: "asha@example.com" });
    expect(mails[0]!.headers.subject).toBe("Demo के लिए आपका सत्यापन कोड");
    expect(mails[0]!.text).toContain("सत्यापित करने का कोड");
    const code = codeIn(mails[0]!.text);
    expect(await verifyOtp({ db, sessionId, step: "email", code, now: T0 })).toMatchObject({ verified: true });
  });

  it("a new send supersedes the previous code", async () => {
    const sessionId = await newSession("live");
    await sendEmail(sessionId);
    const first = codeIn(mails[0]!.text);
    const later = new Date(T0.getTime() + OTP_RESEND_AFTER_MS);
    await sendEmail(sessionId, { now: later });
    const second = codeIn(mails[1]!.text);
    if (first !== second) {
      expect(await domainError(verifyOtp({ db, sessionId, step: "email", code: first, now: later }))).toMatchObject({ code: "otp_invalid" });
    }
    expect(await verifyOtp({ db, sessionId, step: "email", code: second, now: later })).toMatchObject({ verified: true });
  });

  it("maps a refused login to otp_delivery_failed, drops the challenge and allows an immediate retry", async () => {
    const sessionId = await newSession("live");
    process.env.SMTP_URL = `smtp://otp-user:wrong@127.0.0.1:${smtpPort}`;
    const err = await domainError(sendEmail(sessionId));
    expect(err).toMatchObject({ code: "otp_delivery_failed", status: 502, type: "api_error", details: { channel: "email", reason: "provider_auth" } });
    expect(await db.otpChallenge.count({ where: { sessionId } })).toBe(0);
    expect(await domainError(verifyOtp({ db, sessionId, step: "email", code: "123456", now: T0 }))).toMatchObject({ code: "otp_not_sent" });

    process.env.SMTP_URL = SMTP_URL();
    await sendEmail(sessionId);
    expect(mails).toHaveLength(1);
  });

  it("maps an unreachable server to reason network", async () => {
    const sessionId = await newSession("live");
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    process.env.SMTP_URL = `smtp://otp-user:otp-pass@127.0.0.1:${port}`;
    expect(await domainError(sendEmail(sessionId))).toMatchObject({ code: "otp_delivery_failed", details: { channel: "email", reason: "network" } });
  });

  it("test mode: code 123456 and nothing reaches the SMTP server", async () => {
    const sessionId = await newSession("test");
    const before = smtpConnections;
    const res = await sendEmail(sessionId, { mode: "test" });
    expect(res.channel).toBe("email");
    expect(smtpConnections).toBe(before);
    expect(mails).toHaveLength(0);
    expect(await verifyOtp({ db, sessionId, step: "email", code: "123456", now: T0 })).toMatchObject({ verified: true });
  });
});

describe("SMS over MSG91's flow API", () => {
  it("posts the documented request with the authkey header, and the code verifies", async () => {
    const sessionId = await newSession("live");
    const res = await sendSms(sessionId);
    expect(res.destination_masked).toBe("+91 ••••• ••210");

    expect(smsRequests).toHaveLength(1);
    const req = smsRequests[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/api/v5/flow/");
    expect(req.headers.authkey).toBe("test-auth-key-123");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.body).toEqual({ flow_id: "flow-en-1", sender: "KYCDMO", recipients: [{ mobiles: "919876543210", otp: expect.stringMatching(/^\d{6}$/) }] });
    const code = req.body.recipients[0]!.otp;
    expect(JSON.stringify(await db.otpChallenge.findUniqueOrThrow({ where: { id: res.challenge_id } }))).not.toContain(code);
    expect(await verifyOtp({ db, sessionId, step: "phone", code, now: T0 })).toMatchObject({ verified: true, destination: "+919876543210" });
  });

  it("uses the Hindi flow with unicode for locale hi", async () => {
    const sessionId = await newSession("live");
    await sendSms(sessionId, { locale: "hi" });
    expect(smsRequests[0]!.body).toMatchObject({ flow_id: "flow-hi-1", sender: "KYCDMO", unicode: 1 });
  });

  it.each([
    [{ status: 200, body: JSON.stringify({ message: "Authentication failure", type: "error" }) }, "provider_auth"],
    [{ status: 200, body: JSON.stringify({ message: "Flow ID missing", type: "error" }) }, "provider_rejected"],
    [{ status: 401, body: JSON.stringify({ message: "Unauthorized", type: "error" }) }, "provider_auth"],
    [{ status: 400, body: "bad request" }, "provider_rejected"],
    [{ status: 429, body: "{}" }, "provider_rate_limited"],
    [{ status: 503, body: "<html>down</html>" }, "provider_unavailable"],
    [{ status: 200, body: "{}", delayMs: 2_000 }, "timeout"],
  ])("maps provider answer %j to reason %s and drops the challenge", async (reply, reason) => {
    const sessionId = await newSession("live");
    smsReply = reply;
    const err = await domainError(sendSms(sessionId));
    expect(err).toMatchObject({ code: "otp_delivery_failed", status: 502, details: { channel: "phone", reason } });
    expect(await db.otpChallenge.count({ where: { sessionId } })).toBe(0);
  });

  it("test mode: code 123456 and no request is made", async () => {
    const sessionId = await newSession("test");
    await sendSms(sessionId, { mode: "test" });
    expect(smsRequests).toHaveLength(0);
    expect(await verifyOtp({ db, sessionId, step: "phone", code: "123456", now: T0 })).toMatchObject({ verified: true });
  });

  it("fails with not_configured when MSG91 settings are absent", async () => {
    const sessionId = await newSession("live");
    const saved = process.env.MSG91_AUTH_KEY;
    delete process.env.MSG91_AUTH_KEY;
    delete process.env.MSG91_FLOW_ID;
    delete process.env.MSG91_SENDER_ID;
    try {
      expect(await domainError(sendSms(sessionId))).toMatchObject({ code: "otp_delivery_failed", details: { channel: "phone", reason: "not_configured" } });
    } finally {
      Object.assign(process.env, SMS_ENV(), { MSG91_AUTH_KEY: saved });
    }
  });
});
