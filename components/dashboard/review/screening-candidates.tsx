"use client";
/**
 * The screening candidates of a session (`in.aml.screen` checks, server/screening/screen-check.ts):
 * each candidate beside the applicant (which fields matched, the list entry, its list and
 * version), with the reviewer's true / false match and note (tRPC `review.resolveCandidate`).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { FormError } from "~/components/ui/field-error";
import { Textarea } from "~/components/ui/textarea";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import type { CandidateResult, ScreenCheckResult } from "~/server/screening/screen-check";
import type { CaseSession } from "../types";
import { useWorkspace } from "../workspace";

const LIST_NAMES: Record<string, string> = { un: "UN consolidated list", ofac: "OFAC SDN", mha: "MHA UAPA", pep: "PEP list", sandbox: "Sandbox list (test)" };

function profileValue(applicant: unknown, key: string): string | null {
  const field = (applicant as Record<string, { value?: unknown } | undefined> | null)?.[key];
  return typeof field?.value === "string" ? field.value : null;
}

function birthDates(dates: unknown[]): string {
  return dates.map((d) => (typeof d === "object" && d ? Object.values(d).join("–") : String(d))).join(", ") || "—";
}

/** One card per screening check that has candidates; nothing when the session has none. */
export function ScreeningCard({ session }: { session: CaseSession }) {
  const checks = (session.checks ?? []).filter((c) => c.check_key === "in.aml.screen" && (c.result as ScreenCheckResult | null)?.candidates?.length);
  if (!checks.length) return null;
  const name = profileValue(session.applicant, "full_name");
  const dob = profileValue(session.applicant, "date_of_birth");
  return (
    <Card data-testid="screening-candidates">
      <CardHeader
        title="Sanctions and PEP screening"
        description="Each candidate beside the applicant: mark it a true or a false match. A false match is not alerted again unless the list entry changes."
      />
      {checks.map((c) => {
        const result = c.result as unknown as ScreenCheckResult;
        return (
          <div key={c.id} className="border-t border-slate-100">
            <p className="px-5 pt-3 text-xs text-slate-500">
              Check <span className="font-mono">{c.id}</span> · {result.trigger === "monitoring" ? "ongoing monitoring" : "onboarding"} · threshold{" "}
              {result.threshold}
            </p>
            <ul className="divide-y divide-slate-100">
              {result.candidates.map((cand) => (
                <CandidateRow key={cand.entry_id} checkId={c.id} candidate={cand} applicant={{ name, dob }} />
              ))}
            </ul>
          </div>
        );
      })}
    </Card>
  );
}

function CandidateRow({
  checkId,
  candidate: c,
  applicant,
}: {
  checkId: string;
  candidate: CandidateResult;
  applicant: { name: string | null; dob: string | null };
}) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const resolve = useMutation(
    trpc.review.resolveCandidate.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.sessions.pathKey() }) }),
  );
  const error = resolve.error ? clientErrorInfo(resolve.error).message : null;
  const mark = (match: boolean) => resolve.mutate({ projectId: ws.project.id, mode: ws.mode, checkId, entryId: c.entry_id, match, note });
  return (
    <li className="px-5 py-3 text-sm" data-testid="screening-candidate" data-entry={c.entry.external_id}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={c.category === "sanctions" ? "red" : "amber"}>{c.category === "sanctions" ? "Sanctions" : "PEP"}</Badge>
        <span className="font-medium text-slate-900">{c.entry.name}</span>
        <span className="text-slate-500">score {c.score}</span>
        <span className="flex gap-1">
          {c.matched_fields.map((f) => (
            <Badge key={f} tone="violet">
              {f} matches
            </Badge>
          ))}
        </span>
      </div>
      <table className="mt-2 w-full text-xs">
        <thead className="text-left text-slate-500">
          <tr>
            <th className="w-28 font-normal" />
            <th className="font-normal">Applicant</th>
            <th className="font-normal">List entry</th>
          </tr>
        </thead>
        <tbody className="text-slate-800">
          <tr>
            <td className="text-slate-500">Name</td>
            <td>{applicant.name ?? "—"}</td>
            <td>
              {c.matched_name} ({c.name_match.replace("_", " ")}, name score {c.name_score})
              {c.entry.aliases.length ? <span className="block text-slate-500">a.k.a. {c.entry.aliases.join("; ")}</span> : null}
            </td>
          </tr>
          <tr>
            <td className="text-slate-500">Date of birth</td>
            <td>{applicant.dob ?? "—"}</td>
            <td>
              {birthDates(c.entry.birth_dates)} ({c.dob})
            </td>
          </tr>
          <tr>
            <td className="text-slate-500">Nationality</td>
            <td>—</td>
            <td>
              {c.entry.nationalities.join(", ") || "—"} ({c.nationality})
            </td>
          </tr>
          <tr>
            <td className="text-slate-500">Listing</td>
            <td />
            <td>
              {LIST_NAMES[c.list] ?? c.list} · entry {c.entry.external_id}
              {c.entry.reference ? ` · ${c.entry.reference}` : ""} · version {c.version.seq}
              {c.version.published_at ? ` of ${c.version.published_at.slice(0, 10)}` : ""}
              {c.entry.programs.length ? <span className="block text-slate-500">{c.entry.programs.join("; ")}</span> : null}
            </td>
          </tr>
        </tbody>
      </table>
      {c.review ? (
        <p className="mt-2 text-xs text-slate-600" data-testid="candidate-review">
          <Badge tone={c.review.match ? "red" : "green"}>{c.review.match ? "True match" : "False match"}</Badge> {c.review.note}
        </p>
      ) : (
        <div className="mt-2 space-y-2">
          <Textarea
            rows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Why (kept with the decision)"
            aria-label={`Note on ${c.entry.name}`}
          />
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={!note.trim() || resolve.isPending} onClick={() => mark(false)} data-testid="candidate-false">
              False match
            </Button>
            <Button size="sm" variant="danger" disabled={!note.trim() || resolve.isPending} onClick={() => mark(true)} data-testid="candidate-true">
              True match
            </Button>
          </div>
          <FormError>{error}</FormError>
        </div>
      )}
    </li>
  );
}
