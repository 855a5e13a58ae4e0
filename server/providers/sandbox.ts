/**
 * Sandbox provider (test mode): deterministic answers keyed by input, so integrators can test
 * every branch (decisions.md "Sandbox provider"). The table below is the single source: it is
 * served by `GET /v1/capabilities` and documented in the README.
 */
import { namesMatch } from "../checks/pan";
import type { TPanVerifyInput } from "../checks/catalog";
import { ProviderUnavailableError, type CheckProvider, type ProviderResult } from "./provider";

export const SANDBOX_VALUES = [
  { check: "in.pan.verify", input: "PAN ABCPE1234F", outcome: "found, active, individual, registered name RAVI KUMAR, date of birth 1990-01-01: passed (name must match)" },
  { check: "in.pan.verify", input: "PAN digits 9999 (e.g. ABCPE9999Z)", outcome: "not found: failed, error_code pan_not_found" },
  { check: "in.pan.verify", input: "PAN digits 8888", outcome: "found, but the name given does not match: failed, error_code name_mismatch" },
  { check: "in.pan.verify", input: "PAN digits 7777", outcome: "the registry times out: error after retries, error_code provider_timeout" },
  { check: "in.pan.verify", input: "PAN digits 6666", outcome: "found but inactive (deactivated): failed, error_code pan_inactive" },
  { check: "in.pan.verify", input: "any other valid PAN", outcome: "found, active, name echoes the name given: passed" },
  { check: "in.phone.verify / in.email.verify", input: "OTP", outcome: "always 123456" },
] as const;

const RAVI = { pan: "ABCPE1234F", name: "RAVI KUMAR", dob: "1990-01-01" };

function panVerify(input: TPanVerifyInput): ProviderResult {
  const digits = input.pan.slice(5, 9);
  const base = { score: null, verifiedBy: "source" as const };
  if (digits === "9999") return { ...base, status: "failed", errorCode: "pan_not_found", result: { pan_status: "not_found" } };
  if (digits === "7777") throw new ProviderUnavailableError("provider_timeout", "The PAN registry did not answer in time.");
  const registered = input.pan === RAVI.pan ? RAVI.name : digits === "8888" ? "SANDBOX REGISTERED NAME" : input.name.toUpperCase();
  const answer = {
    pan_status: digits === "6666" ? "inactive" : "active",
    registered_name: registered,
    holder_type: input.pan[3] === "P" ? "individual" : "non_individual",
    name_match: namesMatch(input.name, registered),
    ...(input.dob ? { dob_match: input.pan === RAVI.pan ? input.dob === RAVI.dob : true } : {}),
  };
  if (answer.pan_status === "inactive") return { ...base, status: "failed", errorCode: "pan_inactive", result: answer };
  if (!answer.name_match) return { ...base, status: "failed", errorCode: "name_mismatch", score: 0, result: answer };
  if (answer.dob_match === false) return { ...base, status: "failed", errorCode: "dob_mismatch", result: answer };
  return { ...base, status: "passed", errorCode: null, score: 1, result: answer };
}

export const sandboxProvider: CheckProvider = {
  name: "sandbox",
  supports: (key) => key === "in.pan.verify",
  async verify(key, input) {
    if (key === "in.pan.verify") return panVerify(input as TPanVerifyInput);
    throw new ProviderUnavailableError("provider_not_configured", `The sandbox has no answers for '${key}'.`);
  },
};
