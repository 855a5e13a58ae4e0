"use client";
import { Card, CardHeader } from "~/components/ui/card";
import { formatAbsolute, RelativeTime } from "./relative-time";
import { SessionStatusBadge } from "./status-badge";
import type { HistoryEntry, ReasonCode } from "./types";

function actorText(entry: HistoryEntry, myUserId: string): string {
  switch (entry.actorType) {
    case "api_key":
      return "API";
    case "applicant":
      return "Applicant";
    case "system":
      return "System";
    case "user":
      return entry.actorId === myUserId ? "You" : (entry.actorEmail ?? "A removed user");
    default:
      return entry.actorType;
  }
}

/** Every status change, oldest first: who (a user by email), when, from, to, reason; an override shows both decisions in turn. */
export function CaseHistory({ history, reasonCodes, myUserId }: { history: HistoryEntry[]; reasonCodes: readonly ReasonCode[]; myUserId: string }) {
  const label = (code: string) => reasonCodes.find((r) => r.code === code)?.label ?? null;
  return (
    <Card>
      <CardHeader title="History" />
      <ol className="px-5 py-4" data-testid="case-history">
        {history.map((h, i) => (
          <li key={`${h.toStatus}-${String(h.createdAt)}-${i}`} className="relative flex gap-3 pb-5 last:pb-0">
            {i < history.length - 1 ? <span aria-hidden="true" className="absolute top-4 bottom-0 left-[5px] w-px bg-slate-200" /> : null}
            <span aria-hidden="true" className="relative mt-1.5 size-[11px] shrink-0 rounded-full border-2 border-white bg-slate-400 ring-1 ring-slate-300" />
            <div className="min-w-0 flex-1 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <SessionStatusBadge status={h.toStatus} />
                <span className="text-slate-600">
                  by <span className="font-medium text-slate-800">{actorText(h, myUserId)}</span>
                </span>
                <span className="text-slate-500">·</span>
                <RelativeTime date={h.createdAt} className="text-slate-500" />
              </div>
              {h.reason ? (
                <p className="mt-1 text-slate-700">
                  Reason:{" "}
                  {label(h.reason) ? (
                    <>
                      {label(h.reason)} <span className="font-mono text-xs text-slate-500">({h.reason})</span>
                    </>
                  ) : (
                    <span className="font-mono text-[13px]">{h.reason}</span>
                  )}
                </p>
              ) : null}
              {h.note ? <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 whitespace-pre-line text-slate-700">{h.note}</p> : null}
              <p className="sr-only">{formatAbsolute(h.createdAt)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
