/**
 * A loopback stand-in for Sandbox by Quicko (api.sandbox.co.in) for tests: a real HTTP server
 * (node:http, port 0) speaking the vendor's documented format (see quicko-sandbox.ts for the
 * documentation links): POST /authenticate, POST /kyc/pan/verify, POST /gst/compliance/public/gstin/search,
 * POST /mca/company/master-data/search, GET /bank/{ifsc}/accounts/{account_number}/verify.
 *
 * Behaviour is chosen by the value, like the vendor's own test data:
 * - PAN `ABCPE1234F`: valid individual, registered name `RAVI KUMAR`, born 01/01/1990 (the vendor
 *   compares the name exactly, upper case, and answers only match flags).
 * - PAN digits `9999`: `status: invalid`, no remarks (not found). `6666`: `Marked as Deactivated`.
 *   `4444`: valid and, like the vendor's older PAN API, returns `full_name: "RAVI KUMAR"`.
 *   `7777`: never answers (hang). `5000`: 500.
 * - GSTIN `29AFSPB9500E1ZY` active (`VICKY PRIVATE LIMITED`), `36AEOFS9999J1ZI` cancelled,
 *   `24AAACJ2440E2ZV` inactive, `27AAACR5055K1Z7` an unexpected GSTN error (`SWEB_9000`), any other GSTIN: GSTN FO8000
 *   "No records found"; a malformed GSTIN: 422.
 * - CIN / LLPIN ending `9999`: 422 "No record found"; ending `6666`: status Strike Off; ending `5000`: 500;
 *   any other: Active, `JOHN DOE PRIVATE LIMITED` (`JANE DOE CONSULTING LLP`), one current and one former director.
 * - Bank accounts ending `9999`: "Invalid account number or IFSC provided"; `6666`: "Account is blocked";
 *   `5555`: "Beneficiary bank offline"; `5000`: 500 "Failed at bank"; `7777`: hangs; any other: exists,
 *   name at bank `JOHN DOE` (the same on `.../penniless-verify`); an IFSC not matching `^[A-Z]{4}0[0-9A-Z]{6}$`: 422 "Invalid IFSC pattern".
 * Knobs: `revokeTokens()` (server-side expiry: the next call gets 403, or 401 with
 * `unauthorizedStatus`), `rejectAllTokens`,
 * `authFailures` (next N /authenticate answer 503), `hangAuth`, and the request `log`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_KEY = "key_test_fixture";
export const FAKE_SECRET = "secret_test_fixture";

export interface FakeSandbox {
  baseUrl: string;
  /** Every request: path and the headers the adapter sent. */
  log: { path: string; authorization: string | undefined; apiKey: string | undefined; body: Record<string, unknown> | null }[];
  /** Number of successful /authenticate answers. */
  tokensIssued: number;
  /** Invalidate every issued token (as if they expired on the vendor's side). */
  revokeTokens(): void;
  /** When true, every API call answers `unauthorizedStatus` whatever the token. */
  rejectAllTokens: boolean;
  /** Status of an API call with an unknown or expired token: 403 as documented, or 401. */
  unauthorizedStatus: 401 | 403;
  /** The next N /authenticate calls answer 503. */
  authFailures: number;
  /** /authenticate never answers. */
  hangAuth: boolean;
  /** Issue tokens as JWTs whose `exp` is this many seconds from now (default: opaque tokens). */
  jwtLifetimeSeconds: number | null;
  close(): Promise<void>;
}

const PAN_PATTERN = /^[A-Z]{3}[PCFTGHLABJ][A-Z][0-9]{4}[A-Z]$/;
const DOB_PATTERN = /^(0[1-9]|[12][0-9]|3[01])\/(0[1-9]|1[0-2])\/[0-9]{4}$/;
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][CZ][0-9A-Z]$/;

const envelope = (code: number, data: unknown) => ({ code, timestamp: Date.now(), transaction_id: `txn-${Math.random().toString(36).slice(2)}`, data });
const failure = (code: number, message: string) => ({ code, timestamp: Date.now(), transaction_id: `txn-${Math.random().toString(36).slice(2)}`, message });

function gstRecord(gstin: string, sts: string, lgnm: string, tradeNam: string, cxdt: string) {
  return {
    adadr: [],
    ctb: "Private Limited Company",
    ctj: "RANGE-DED8",
    ctjCd: "YT0804",
    cxdt,
    dty: "Regular",
    einvoiceStatus: "No",
    gstin,
    lgnm,
    lstupdt: "18/10/2019",
    nba: ["Supplier of Services"],
    pradr: {
      addr: {
        bnm: "Prestige Shantiniketan",
        bno: "26",
        dst: "Bengaluru Urban",
        flno: "Level 05",
        geocodelvl: "NA",
        landMark: "",
        lg: "",
        loc: "Whitefield",
        locality: "",
        lt: "",
        pncd: "560048",
        st: "Whitefield Main Road",
        stcd: "Karnataka",
      },
      ntr: "Supplier of Services",
    },
    rgdt: "18/10/2019",
    stj: "LGSTO 036 - Bengaluru",
    stjCd: "KA119",
    sts,
    tradeNam,
  };
}

function jwt(lifetimeSeconds: number, n: number): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${b64({ alg: "HS512" })}.${b64({ sub: "fixture", n, exp: Math.floor(Date.now() / 1000) + lifetimeSeconds })}.sig`;
}

/** Starts the fake vendor on 127.0.0.1 with an ephemeral port. */
export async function startFakeSandbox(): Promise<FakeSandbox> {
  const valid = new Set<string>();
  const fake: FakeSandbox = {
    baseUrl: "",
    log: [],
    tokensIssued: 0,
    revokeTokens: () => valid.clear(),
    rejectAllTokens: false,
    unauthorizedStatus: 403,
    authFailures: 0,
    hangAuth: false,
    jwtLifetimeSeconds: null,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      return send(res, 400, failure(400, "Invalid JSON"));
    }
    const path = req.url ?? "";
    const authorization = req.headers.authorization;
    const apiKey = req.headers["x-api-key"] as string | undefined;
    fake.log.push({ path, authorization, apiKey, body });
    const bankPath = /^\/bank\/([^/]+)\/accounts\/([^/?]+)\/(verify|penniless-verify)(\?.*)?$/.exec(path);
    if (req.method !== (bankPath ? "GET" : "POST")) return send(res, 405, failure(405, "Method not allowed"));

    if (path === "/authenticate") {
      if (fake.hangAuth) return; // never answers
      if (fake.authFailures > 0) {
        fake.authFailures--;
        return send(res, 503, failure(503, "Service Unavailable"));
      }
      if (apiKey !== FAKE_KEY || req.headers["x-api-secret"] !== FAKE_SECRET) return send(res, 403, { code: 403, message: "Bad Credentials" });
      fake.tokensIssued++;
      const token = fake.jwtLifetimeSeconds === null ? `tok-${fake.tokensIssued}` : jwt(fake.jwtLifetimeSeconds, fake.tokensIssued);
      valid.add(token);
      return send(res, 200, envelope(200, { access_token: token }));
    }

    if (apiKey !== FAKE_KEY) return send(res, 403, { code: 403, message: "Invalid API key" });
    if (fake.rejectAllTokens || !authorization || !valid.has(authorization)) {
      return send(res, fake.unauthorizedStatus, { code: fake.unauthorizedStatus, message: fake.unauthorizedStatus === 401 ? "Unauthorized" : "Forbidden" });
    }

    if (path === "/kyc/pan/verify") {
      const pan = String(body?.pan ?? "");
      if (body?.["@entity"] !== "in.co.sandbox.kyc.pan_verification.request") return send(res, 422, failure(422, "Invalid @entity"));
      if (body?.consent !== "Y" && body?.consent !== "y") return send(res, 422, failure(422, "Consent is required"));
      if (!PAN_PATTERN.test(pan)) return send(res, 422, failure(422, "Invalid PAN pattern"));
      if (!DOB_PATTERN.test(String(body?.date_of_birth ?? ""))) return send(res, 422, failure(422, "Invalid date_of_birth pattern"));
      const digits = pan.slice(5, 9);
      if (digits === "7777") return; // the registry hangs
      if (digits === "5000") return send(res, 500, failure(500, "Internal Server Error"));
      const data: Record<string, unknown> = {
        "@entity": "in.co.sandbox.kyc.pan_verification.response",
        pan,
        category: pan[3] === "P" ? "individual" : pan[3] === "H" ? "huf" : "company",
        status: "valid",
        remarks: null,
        name_as_per_pan_match: String(body?.name_as_per_pan ?? "").toUpperCase() === "RAVI KUMAR",
        date_of_birth_match: body?.date_of_birth === "01/01/1990",
        aadhaar_seeding_status: pan[3] === "P" ? "y" : "na",
      };
      if (digits === "9999")
        Object.assign(data, { status: "invalid", remarks: null, name_as_per_pan_match: false, date_of_birth_match: false, aadhaar_seeding_status: "na" });
      if (digits === "6666") Object.assign(data, { status: "invalid", remarks: "Marked as Deactivated" });
      if (digits === "4444") Object.assign(data, { full_name: "RAVI KUMAR" });
      return send(res, 200, envelope(200, data));
    }

    if (path === "/gst/compliance/public/gstin/search") {
      const gstin = String(body?.gstin ?? "");
      if (!GSTIN_PATTERN.test(gstin)) return send(res, 422, failure(422, "Invalid GSTIN pattern"));
      if (gstin === "29AFSPB9500E1ZY")
        return send(res, 200, envelope(200, { data: gstRecord(gstin, "Active", "VICKY PRIVATE LIMITED", "VICKY PVT LTD", ""), status_cd: "1" }));
      if (gstin === "36AEOFS9999J1ZI")
        return send(
          res,
          200,
          envelope(200, { data: gstRecord(gstin, "Cancelled", "ACCOUNTS CONSULTANCY", "ACCOUNTS CONSULTANCY", "26/06/2023"), status_cd: "1" }),
        );
      if (gstin === "24AAACJ2440E2ZV")
        return send(res, 200, envelope(200, { data: gstRecord(gstin, "Inactive", "JOHN DOE PRIVATE LIMITED", "JOHN DOE", ""), status_cd: "1" }));
      if (gstin === "27AAACR5055K1Z7")
        return send(res, 200, envelope(200, { error: { error_cd: "SWEB_9000", message: "GSTN is not reachable." }, status_cd: "0" }));
      return send(res, 200, envelope(200, { error: { error_cd: "FO8000", message: "No records found for the provided GSTIN." }, status_cd: "0" }));
    }

    if (path === "/mca/company/master-data/search") {
      const id = String(body?.id ?? "");
      if (body?.["@entity"] !== "in.co.sandbox.kyc.mca.master_data.request") return send(res, 422, failure(422, "Invalid @entity"));
      if (body?.consent !== "Y" && body?.consent !== "y") return send(res, 422, failure(422, "Consent is required"));
      if (String(body?.reason ?? "").length < 20) return send(res, 422, failure(422, "reason: min length 20"));
      const digits = id.slice(-4);
      if (digits === "9999") return send(res, 422, failure(422, "No record found"));
      if (digits === "5000") return send(res, 500, failure(500, "Internal Server Error"));
      const status = digits === "6666" ? "Strike Off" : "Active";
      const directors = [
        {
          "@entity": "in.co.sandbox.kyc.mca.company.directors_signatory_details",
          end_date: "-",
          "din/pan": "99999999",
          begin_date: "09/06/2017",
          designation: "Director",
          name: "JOHN DOE",
        },
        {
          "@entity": "in.co.sandbox.kyc.mca.company.directors_signatory_details",
          end_date: "31/03/2020",
          "din/pan": "88888888",
          begin_date: "09/06/2017",
          designation: "Director",
          name: "OLD DIRECTOR",
        },
      ];
      if (id.includes("-")) {
        const llp = {
          "@entity": "in.co.sandbox.kyc.mca.llp.master_data",
          llpin: id,
          llp_name: "JANE DOE CONSULTING LLP",
          llp_status: status,
          date_of_incorporation: "24/04/2009",
          registered_address: "1234, WILSON GARDEN BANGALORE KA 560027 IN",
        };
        return send(res, 200, envelope(200, { "@entity": "in.co.sandbox.kyc.mca.llp", llp_master_data: llp, "directors/signatory_details": directors }));
      }
      const company = {
        "@entity": "in.co.sandbox.kyc.mca.company.master_data",
        cin: id,
        company_name: "JOHN DOE PRIVATE LIMITED",
        "company_status(for_efiling)": status,
        date_of_incorporation: "09/06/2017",
        whether_listed_or_not: "Unlisted",
        class_of_company: "Private",
        registered_address: "123, ABC LAKEVIEW TOWER, AHMEDABAD GJ 380015 IN",
      };
      return send(
        res,
        200,
        envelope(200, { "@entity": "in.co.sandbox.kyc.mca.company", company_master_data: company, charges: [], "directors/signatory_details": directors }),
      );
    }

    if (bankPath) {
      const [, ifsc = "", account = ""] = bankPath;
      if (!/^[A-Z]{4}0[0-9A-Z]{6}$/.test(ifsc)) return send(res, 422, failure(422, "Invalid IFSC pattern"));
      const digits = account.slice(-4);
      if (digits === "7777") return; // the bank hangs
      if (digits === "5000") return send(res, 500, failure(500, "Failed at bank"));
      const entity = `@in.co.sandbox.bank.account.${bankPath[3] === "verify" ? "penny_drop" : "penny_less"}_verification_response`;
      const failed = (message: string) => send(res, 200, envelope(200, { "@entity": entity, message, account_exists: false }));
      if (digits === "9999") return failed("Invalid account number or IFSC provided");
      if (digits === "6666") return failed("Account is blocked");
      if (digits === "5555") return failed("Beneficiary bank offline");
      return send(
        res,
        200,
        envelope(200, {
          "@entity": entity,
          message: "Bank Account details verified successfully.",
          account_exists: true,
          name_at_bank: "JOHN DOE",
          utr: "329613870973",
          amount_deposited: "1",
        }),
      );
    }

    return send(res, 404, failure(404, "Not Found"));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, failure(500, "fixture error")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
