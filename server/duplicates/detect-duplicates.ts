/**
 * Duplicate detection (interface.md 2.3 `duplicates`): when a session's checks finish, its
 * identity signals (./signals.ts) replace the ones recorded before in `session_signals`, and the
 * other sessions of the same project and mode that share at least one of them are its
 * duplicates. Only keyed hashes are stored and compared.
 *
 * "Earlier" means: sessions whose signals were recorded before, i.e. whose checks finished
 * first. The session's parent and children (a KYB session and its key people) are related, not
 * duplicates, and are left out. At most `MAX_DUPLICATES` are kept, oldest first.
 */
import type { Tx } from "../db";
import type { Mode, SessionStatus } from "../generated/prisma/enums";
import { randomBase62 } from "../ids";
import { SIGNAL_KINDS, type TSignalKind } from "../workflows/workflow.schemas";
import { signalHash, signalsFromChecks, type SignalSourceCheck } from "./signals";

/** Most duplicates recorded on one session (the oldest ones). */
export const MAX_DUPLICATES = 50;

/** One duplicate as the API shows it (`session.duplicates[]`). */
export interface TDuplicate {
  session_id: string;
  /** Signal kinds shared, in `SIGNAL_KINDS` order. */
  signals: TSignalKind[];
}

/** A duplicate with the other session's current status (for the decision rules). */
export interface DuplicateMatch extends TDuplicate {
  status: SessionStatus;
}

export interface DuplicateSubject {
  id: string;
  projectId: string;
  mode: Mode;
  parentSessionId: string | null;
}

const kindOrder = (k: string) => SIGNAL_KINDS.indexOf(k as TSignalKind);

/**
 * Records the session's signals (replacing the earlier ones of the session) and returns the
 * other sessions of its project and mode that share any of them, oldest first, at most
 * `MAX_DUPLICATES`. Runs in the caller's transaction.
 * @param checks the session's latest check per step and key, with input and result as stored.
 */
export async function recordSignalsAndFindDuplicates(tx: Tx, session: DuplicateSubject, checks: readonly SignalSourceCheck[]): Promise<DuplicateMatch[]> {
  const tenant = { projectId: session.projectId, mode: session.mode };
  const hashed = signalsFromChecks(checks).map((s) => ({ kind: s.kind, hash: signalHash(tenant, s) }));
  await tx.sessionSignal.deleteMany({
    where: { sessionId: session.id, ...(hashed.length ? { NOT: { OR: hashed.map((h) => ({ kind: h.kind, hash: h.hash })) } } : {}) },
  });
  if (!hashed.length) return [];
  await tx.sessionSignal.createMany({
    data: hashed.map((h) => ({ id: `sig_${randomBase62(24)}`, ...tenant, sessionId: session.id, kind: h.kind, hash: h.hash })),
    skipDuplicates: true,
  });
  const rows = await tx.sessionSignal.findMany({
    where: { ...tenant, sessionId: { not: session.id }, OR: hashed.map((h) => ({ kind: h.kind, hash: h.hash })) },
    select: { sessionId: true, kind: true, session: { select: { status: true, createdAt: true, parentSessionId: true } } },
    take: MAX_DUPLICATES * SIGNAL_KINDS.length,
  });
  const bySession = new Map<string, { kinds: Set<string>; status: SessionStatus; createdAt: Date }>();
  for (const r of rows) {
    if (r.sessionId === session.parentSessionId || r.session.parentSessionId === session.id) continue;
    const entry = bySession.get(r.sessionId) ?? { kinds: new Set<string>(), status: r.session.status, createdAt: r.session.createdAt };
    entry.kinds.add(r.kind);
    bySession.set(r.sessionId, entry);
  }
  return [...bySession.entries()]
    .sort(([ida, a], [idb, b]) => a.createdAt.getTime() - b.createdAt.getTime() || ida.localeCompare(idb))
    .slice(0, MAX_DUPLICATES)
    .map(([id, e]) => ({ session_id: id, signals: [...e.kinds].sort((x, y) => kindOrder(x) - kindOrder(y)) as TSignalKind[], status: e.status }));
}
