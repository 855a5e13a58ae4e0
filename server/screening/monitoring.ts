/**
 * Ongoing monitoring (issue 20, item 4). Monitored subjects: the subject of every approved session
 * that was screened (server/sessions/session-state.ts turns monitoring on at approval and off at
 * a decline) and of every direct `in.aml.screen` check with `monitor: true`.
 *
 * - A list version import enqueues `screeningListImported` (server/events/internal-events.ts);
 *   `monitorListVersion` screens only what that version added or changed against every monitored
 *   subject (./rescreen.ts).
 * - The daily run (`monitorAllSubjects`) screens every monitored subject against the active lists,
 *   which covers what a diff cannot (a threshold or matcher change, a version imported while the
 *   worker was down).
 * - A new candidate (not dismissed, not reported before) opens a review case: a new
 *   `in.aml.screen` check (`needs_review`, `trigger: monitoring`) on the session, which moves from
 *   `approved` to `review`, or a new direct check for a direct check's subject; and the public
 *   event `session.screening_match` (no personal data).
 * - Monitoring stops at erasure (DELETE /v1/sessions/{id}/pii deletes the subject) and when the
 *   project ends the relationship (`endMonitoring`: DELETE /v1/sessions/{id}/monitoring,
 *   DELETE /v1/checks/{id}/monitoring).
 */
import { SYSTEM_ACTOR, type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { notFound } from "../errors";
import { eventCheck } from "../checks/check-events";
import { emitEvent, outboxCommitted } from "../events/outbox";
import type { Mode } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { refreshSessionRisk } from "../risk/session-risk";
import { sessionEventData, transitionSession } from "../sessions/session-state";
import { type Tenant, tenantWhere } from "../tenant";
import { activeScreeningIndex } from "./active-index";
import type { RescreenHit } from "./rescreen";
import { rescreenListVersion, rescreenMonitored } from "./rescreen";
import { candidateResults, DEFAULT_SCREEN_THRESHOLD, SCREEN_CHECK_KEY, type ScreenCheckResult, sourcesFor } from "./screen-check";
import type { MonitoredSubject } from "./screening.queries";
import type { TMonitoringEnded } from "./screening.schemas";
import { activeListVersions, addReportedEntries, deleteScreeningSubjects } from "./screening.queries";

const MODES: readonly Mode[] = ["test", "live"];

/** What a monitoring run found: subjects with new candidates, and the review cases opened. */
export interface MonitoringRun {
  subjects: number;
  alerts: number;
}

/**
 * Opens the review case of one subject's new candidates (see the module comment), in one
 * transaction with its event; returns the new check's id.
 */
export async function recordMonitoringMatch(db: Db, hit: RescreenHit<MonitoredSubject>, now = new Date()): Promise<string> {
  const { subject } = hit;
  const candidates = await candidateResults(db, hit.candidates);
  const lists = (await activeListVersions(db))
    .filter((v) => sourcesFor(subject.mode).includes(v.source))
    .map((v) => ({ list: v.source, version_id: v.id, seq: v.seq }));
  const result: ScreenCheckResult = {
    subject_id: subject.id,
    monitored: true,
    names_screened: 1,
    lists,
    threshold: DEFAULT_SCREEN_THRESHOLD,
    candidates,
    trigger: "monitoring",
  };
  const id = await db.$transaction(async (tx) => {
    const onboarding = subject.sessionId
      ? await tx.check.findFirst({
          where: { sessionId: subject.sessionId, checkKey: SCREEN_CHECK_KEY },
          orderBy: { createdAt: "desc" },
          select: { step: true },
        })
      : null;
    const check = await tx.check.create({
      data: {
        id: newId("check"),
        projectId: subject.projectId,
        mode: subject.mode,
        sessionId: subject.sessionId,
        step: onboarding?.step ?? null,
        capability: "aml",
        checkKey: SCREEN_CHECK_KEY,
        genericKey: "aml.screen",
        provider: "screening",
        status: "needs_review",
        verifiedBy: "source",
        score: candidates[0]?.score ?? null,
        input: {
          name: subject.name,
          ...(subject.dob ? { date_of_birth: subject.dob } : {}),
          ...(subject.country ? { nationality: subject.country } : {}),
          monitor: true,
        },
        result: result as unknown as InputJsonValue,
        finishedAt: now,
      },
      select: { id: true, checkKey: true, genericKey: true, status: true, verifiedBy: true, errorCode: true },
    });
    await addReportedEntries(
      tx,
      subject.id,
      hit.candidates.map((c) => c.entryId),
      now,
    );
    let session = null;
    if (subject.sessionId) {
      await refreshSessionRisk(tx, subject.sessionId);
      const s = await tx.session.findUniqueOrThrow({ where: { id: subject.sessionId }, select: { status: true } });
      session =
        s.status === "approved"
          ? await transitionSession(tx, subject.sessionId, "approved", "review", {
              actor: SYSTEM_ACTOR,
              reason: "screening_match",
              reviewReasons: ["screening_match"],
            })
          : await tx.session.findUniqueOrThrow({
              where: { id: subject.sessionId },
              select: { id: true, status: true, referenceId: true, decision: true, decisionSource: true },
            });
    }
    await emitEvent(
      tx,
      {
        projectId: subject.projectId,
        mode: subject.mode,
        type: "session.screening_match",
        data: {
          session: session ? sessionEventData(session) : null,
          check: eventCheck(check),
          screening: { candidates: candidates.length, lists: [...new Set(candidates.map((c) => c.list))] },
        },
        ...(subject.sessionId ? { sessionId: subject.sessionId } : {}),
        checkId: check.id,
      },
      now,
    );
    await writeAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: "screening.match_found",
      objectType: "check",
      objectId: check.id,
      projectId: subject.projectId,
      mode: subject.mode,
      data: { subject_id: subject.id, candidates: candidates.length },
    });
    return check.id;
  });
  outboxCommitted();
  return id;
}

async function record(db: Db, hits: RescreenHit<MonitoredSubject>[]): Promise<MonitoringRun> {
  for (const hit of hits) await recordMonitoringMatch(db, hit);
  return { subjects: hits.length, alerts: hits.length };
}

/** Screens what list version `versionId` added or changed against every monitored subject (both modes). */
export async function monitorListVersion(db: Db, versionId: string): Promise<MonitoringRun> {
  const hits: RescreenHit<MonitoredSubject>[] = [];
  for (const mode of MODES)
    hits.push(...(await rescreenListVersion(db, versionId, { mode, options: { sources: sourcesFor(mode), threshold: DEFAULT_SCREEN_THRESHOLD } })));
  return record(db, hits);
}

/** The daily run: every monitored subject against the active lists. */
export async function monitorAllSubjects(db: Db): Promise<MonitoringRun> {
  const index = await activeScreeningIndex(db);
  const hits: RescreenHit<MonitoredSubject>[] = [];
  for (const mode of MODES)
    hits.push(...(await rescreenMonitored(db, index, { mode, options: { sources: sourcesFor(mode), threshold: DEFAULT_SCREEN_THRESHOLD } })));
  return record(db, hits);
}

/**
 * Ends monitoring of a session's or a direct check's subject (the business relationship ended):
 * the subject and its screening record are deleted, so nothing is screened again.
 * @returns how many subjects were monitored.
 * @throws DomainError resource_missing for a session or check that is not the tenant's
 */
export async function endMonitoring(db: Db, tenant: Tenant, target: { sessionId: string } | { checkId: string }, actor: Actor): Promise<TMonitoringEnded> {
  return db.$transaction(async (tx) => {
    const [kind, id] = "sessionId" in target ? (["session", target.sessionId] as const) : (["check", target.checkId] as const);
    const own =
      kind === "session"
        ? await tx.session.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { id: true } })
        : await tx.check.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { id: true } });
    if (!own) throw notFound(kind, id, kind === "check" ? "key" : "id");
    const ended = await deleteScreeningSubjects(tx, target);
    await writeAudit(tx, { actor, action: "screening.monitoring_ended", objectType: kind, objectId: id, ...tenantWhere(tenant), data: { subjects: ended } });
    return { id, object: "monitoring" as const, monitored: false as const, ended };
  });
}
