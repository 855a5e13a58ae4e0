/**
 * The applicant's trip to DigiLocker for a `digilocker` step (server/steps/digilocker/):
 *
 * 1. `startDigilocker` (the flow, with its client token): a random `state` bound to the session
 *    and step (stored as its SHA-256), a PKCE verifier kept here sealed, and DigiLocker's
 *    authorization page for the same tab.
 * 2. `completeDigilocker` (GET /flow/digilocker/callback, no client token: the `state` is the
 *    credential, single use, 15 minutes): exchanges the code with the verifier, fetches the
 *    e-Aadhaar XML and the issued documents the step's settings ask for (stored as evidence,
 *    kind `digilocker_document`, with their issuer and URI), and records the outcome: `completed`,
 *    `declined` (the applicant said no), `no_aadhaar` (DigiLocker holds no Aadhaar for them) or
 *    `failed`.
 * 3. The flow page, back with `?digilocker=<authorization id>`, submits the step with that id;
 *    `takeDigilockerOutcome` hands the step what was fetched, once.
 */
import { randomBytes } from "node:crypto";
import type { Db, Tx } from "../db";
import { DomainError } from "../errors";
import { openText, sealText } from "../crypto/encryption";
import { sha256Hex } from "../crypto/hash";
import { storeEvidence } from "../evidence/evidence";
import { EDITABLE_STATUSES, type FlowContext, loadEditableSession, loadFlowSession, openStep, stepSettings } from "../flow/flow-session";
import { newId } from "../ids";
import { DigilockerError, newPkce, type DigilockerClient } from "../providers/digilocker";
import { digilockerClientFor } from "../providers/digilocker-clients";
import { ProviderUnavailableError } from "../providers/provider";
import { ZDigilockerSettings } from "../steps/digilocker/digilocker.schemas";
import { digilockerCredentials } from "./digilocker-settings";

/** How long the applicant may take at DigiLocker. */
export const DIGILOCKER_AUTHORIZATION_TTL_MS = 15 * 60 * 1000;

/** Evidence kind of an issued document fetched from DigiLocker. */
export const DIGILOCKER_DOCUMENT_KIND = "digilocker_document";

/** An issued document kept as evidence: the file and where it came from. */
export interface DigilockerDocument {
  file_id: string;
  doctype: string;
  name: string;
  issuer: string | null;
  issuer_id: string | null;
  uri: string;
  date: string | null;
}

/** What a completed authorization hands the step. */
export interface DigilockerOutcome {
  eaadhaar_xml: string;
  documents: DigilockerDocument[];
}

type Status = "pending" | "completed" | "declined" | "no_aadhaar" | "failed";

async function clientFor(db: Db, session: { projectId: string; mode: "test" | "live" }): Promise<DigilockerClient | null> {
  return digilockerClientFor(session.mode, session.mode === "live" ? await digilockerCredentials(db, session.projectId) : null);
}

/**
 * Starts a DigiLocker authorization for step `stepName` of the flow's session.
 * @returns the DigiLocker authorization page to send the browser to (same tab).
 * @throws DomainError (the flow's codes) session_not_editable, step_not_available (not an open
 *   `digilocker` step), digilocker_not_configured (live mode without the project's credentials).
 */
export async function startDigilocker(db: Db, ctx: FlowContext, stepName: string): Promise<{ url: string }> {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, stepName, ["digilocker"]);
  const client = await clientFor(db, s);
  if (!client) throw new DomainError("digilocker_not_configured", "DigiLocker is not set up for this service yet.", { param: "step" });
  const state = randomBytes(32).toString("base64url");
  const { verifier, challenge } = newPkce();
  const id = newId("digilockerAuthorization");
  await db.digilockerAuthorization.create({
    data: {
      id,
      projectId: s.projectId,
      sessionId: s.id,
      step: step.name,
      stateHash: sha256Hex(state),
      codeVerifier: sealText(verifier, id),
      expiresAt: new Date(Date.now() + DIGILOCKER_AUTHORIZATION_TTL_MS),
    },
  });
  return { url: client.authorizationUrl({ state, codeChallenge: challenge }) };
}

/** DigiLocker's redirect to the callback: `code` and `state`, or `error` (`access_denied`) and `state`. */
export interface DigilockerCallback {
  state: string | null;
  code: string | null;
  error: string | null;
}

/**
 * Finishes the authorization the callback's `state` names (never throws for DigiLocker's
 * answers: they become the outcome).
 * @returns the session and the authorization id to send the browser back with; null when the
 *   state is unknown, expired or already used.
 */
export async function completeDigilocker(db: Db, callback: DigilockerCallback): Promise<{ sessionId: string; authorizationId: string; status: Status } | null> {
  if (!callback.state) return null;
  const row = await db.digilockerAuthorization.findUnique({ where: { stateHash: sha256Hex(callback.state) } });
  if (!row || row.status !== "pending" || row.expiresAt <= new Date() || !row.codeVerifier) return null;
  // the state is single use: claim it before calling DigiLocker
  const claimed = await db.digilockerAuthorization.updateMany({
    where: { id: row.id, status: "pending", codeVerifier: { not: null } },
    data: { codeVerifier: null },
  });
  if (claimed.count !== 1) return null;
  const done = async (status: Status, errorCode: string | null, outcome?: DigilockerOutcome) => {
    await db.digilockerAuthorization.update({
      where: { id: row.id },
      data: { status, errorCode, completedAt: new Date(), result: outcome ? sealText(JSON.stringify(outcome), row.id) : null },
    });
    return { sessionId: row.sessionId, authorizationId: row.id, status };
  };

  if (callback.error) return done(callback.error === "access_denied" ? "declined" : "failed", callback.error.slice(0, 64));
  if (!callback.code) return done("failed", "code_missing");
  const session = await loadFlowSession(db, row.sessionId);
  // nothing is fetched for a session that no longer takes input (cancelled, expired, decided)
  if (!EDITABLE_STATUSES.includes(session.status)) return done("failed", "session_not_editable");
  const client = await clientFor(db, session);
  if (!client) return done("failed", "digilocker_not_configured");
  try {
    const account = await client.exchangeCode(callback.code, openText(row.codeVerifier, row.id));
    if (account.eaadhaar === false) return done("no_aadhaar", "aadhaar_not_linked");
    const eaadhaarXml = await client.eaadhaarXml(account.accessToken);
    const settings = ZDigilockerSettings.parse(await stepSettings(db, session, row.step));
    const wanted = (await client.issuedDocuments(account.accessToken)).filter((d) => settings.documents.includes(d.doctype));
    const documents: DigilockerDocument[] = [];
    for (const doc of wanted) {
      const file = await client.issuedFile(account.accessToken, doc.uri);
      const fileId = await storeEvidence(db, {
        projectId: row.projectId,
        sessionId: row.sessionId,
        step: row.step,
        kind: DIGILOCKER_DOCUMENT_KIND,
        contentType: file.contentType,
        data: file.bytes,
        scanStatus: "source_signed",
      });
      documents.push({ file_id: fileId, doctype: doc.doctype, name: doc.name, issuer: doc.issuer, issuer_id: doc.issuerId, uri: doc.uri, date: doc.date });
    }
    return done("completed", null, { eaadhaar_xml: eaadhaarXml, documents });
  } catch (err) {
    if (err instanceof DigilockerError) return done(err.code === "digilocker_no_aadhaar" ? "no_aadhaar" : "failed", err.vendorError ?? err.code);
    if (err instanceof ProviderUnavailableError) return done("failed", err.errorCode);
    throw err;
  }
}

/** The flow's i18n key for an authorization that did not complete. */
const NOT_COMPLETED: Record<Exclude<Status, "completed">, string> = {
  pending: "digilocker_failed",
  declined: "digilocker_declined",
  no_aadhaar: "digilocker_no_aadhaar",
  failed: "digilocker_failed",
};

/**
 * What authorization `authorizationId` of this session's step fetched, once: marks it used in
 * `tx` (the step's storing transaction).
 * @throws DomainError parameter_invalid (`param: "authorization_id"`, message: the flow's i18n key
 *   `digilocker_declined`, `digilocker_no_aadhaar` or `digilocker_failed`) when it is not a
 *   completed, unused authorization of this step.
 */
export async function takeDigilockerOutcome(tx: Db | Tx, sessionId: string, step: string, authorizationId: string): Promise<DigilockerOutcome> {
  const row = await tx.digilockerAuthorization.findFirst({ where: { id: authorizationId, sessionId, step } });
  const status = (row?.status ?? "failed") as Status;
  const invalid = (message: string) =>
    new DomainError("parameter_invalid", message, { param: "authorization_id", details: [{ param: "authorization_id", message }] });
  if (!row || status !== "completed" || !row.result) throw invalid(NOT_COMPLETED[status === "completed" ? "failed" : status]);
  const used = await tx.digilockerAuthorization.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  if (used.count !== 1) throw invalid("digilocker_failed");
  return JSON.parse(openText(row.result, row.id)) as DigilockerOutcome;
}
