/**
 * Drives a session through the hosted flow the way the browser does: the flow's tRPC
 * procedures over HTTP (superjson envelope), authenticated with the client token.
 */
import { CONSENT_NOTICE_VERSION } from "../../server/steps/consent/consent.schemas";
import { expect } from "vitest";
import { callFlowProcedure } from "../fixtures/flow-procedure";
import type { api } from "./client";

export interface Created {
  id: string;
  client_token: string;
}

/** consent + PAN; the session then moves to processing and on to its decision. */
export async function completeFlow(baseUrl: string, s: Created, pan = { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" }) {
  const submit = (step: string, values: unknown) => callFlowProcedure(baseUrl, s.client_token, "flow.submitStep", { sessionId: s.id, step, values });
  await callFlowProcedure(baseUrl, s.client_token, "flow.start", { sessionId: s.id });
  await submit("consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await submit("pan", pan);
}

/** Polls the session until it reaches `status` (the pipeline runs in the background). */
export async function waitForStatus(call: ReturnType<typeof api>, id: string, status: string, timeoutMs = 20_000) {
  await expect.poll(async () => (await call("GET", `/v1/sessions/${id}`)).body.status, { timeout: timeoutMs, interval: 250 }).toBe(status);
}

/** A session of the demo KYC workflow brought to `review` (sandbox PAN not found). */
export async function sessionInReview(baseUrl: string, call: ReturnType<typeof api>, workflowId: string): Promise<string> {
  const created = await call("POST", "/v1/sessions", { workflow_id: workflowId });
  await completeFlow(baseUrl, created.body, { pan: "ABCPE9999Z", name: "Asha Rao", dob: "1988-05-17" });
  await waitForStatus(call, created.body.id, "review");
  return created.body.id;
}
