"use client";
import { Badge } from "~/components/ui/badge";
import { Card, CardHeader } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { formatAbsolute } from "./relative-time";
import { groupChecks } from "./review/check-groups";
import { CheckStatusBadge, StepStatusBadge } from "./status-badge";
import type { CaseCheck, CaseSession, CaseStep } from "./types";
import { DescriptionList, type DescriptionRow } from "~/components/ui/description-list";

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

const STEP_TYPE_TITLES: Record<string, string> = { consent: "Consent", pan: "PAN" };

/** "PAN", "Business details", or "Documents · id_document" when the step's name differs from its type. */
export function stepTitle(step: { name: string; type: string }): string {
  const words = step.type.replaceAll("_", " ");
  const title = STEP_TYPE_TITLES[step.type] ?? words.charAt(0).toUpperCase() + words.slice(1);
  return step.name === step.type ? title : `${title} · ${step.name}`;
}

/** One card per step: what the applicant entered next to what the checks answered. */
export function CaseSteps({ session, steps }: { session: CaseSession; steps: CaseStep[] }) {
  const checks = session.checks ?? [];
  const stepNames = new Set(steps.map((s) => s.name));
  const orphanChecks = checks.filter((c) => !c.step || !stepNames.has(c.step));
  return (
    <div className="space-y-4">
      {steps.map((step) => (
        <StepCard key={step.name} step={step} session={session} checks={checks.filter((c) => c.step === step.name)} />
      ))}
      {orphanChecks.length ? (
        <Card>
          <CardHeader title="Other checks" />
          <div className="divide-y divide-slate-100">
            {orphanChecks.map((c) => (
              <CheckMeta key={c.id} check={c} />
            ))}
          </div>
        </Card>
      ) : null}
    </div>
  );
}

function StepCard({ step, session, checks }: { step: CaseStep; session: CaseSession; checks: CaseCheck[] }) {
  // every check the step plans (selfie: face match and liveness; business details: GSTIN, CIN, Udyam) shows its
  // latest attempt; earlier attempts (resubmissions, retries) fold away under their own key
  const groups = groupChecks(checks);
  const panCheck = groups.find((g) => g.key === "in.pan.verify")?.current;
  return (
    <Card data-testid={`case-step-${step.name}`}>
      <CardHeader
        title={stepTitle(step)}
        description={step.submittedAt ? `Submitted ${formatAbsolute(step.submittedAt)}` : "Not submitted yet"}
        actions={<StepStatusBadge status={step.status} />}
      />
      {session.pii_erased_at ? (
        <p className="px-5 py-4 text-sm text-slate-500">Personal data was erased on {formatAbsolute(session.pii_erased_at)}.</p>
      ) : step.type === "pan" ? (
        <PanComparison step={step} check={panCheck} business={session.type === "kyb"} />
      ) : step.type === "consent" ? (
        <ConsentRecord step={step} />
      ) : step.data ? (
        <StepValues data={step.data} />
      ) : null}
      {groups.map((g) => (
        <div key={g.key} data-testid="check-group" data-check-key={g.key}>
          <CheckMeta check={g.current} />
          {g.earlier.length ? (
            <details className="border-t border-slate-100 text-xs">
              <summary className="cursor-pointer px-5 py-2 text-slate-500 hover:text-slate-800">
                {g.earlier.length} earlier attempt{g.earlier.length === 1 ? "" : "s"} of <span className="font-mono">{g.key}</span>
              </summary>
              {g.earlier.map((c) => (
                <CheckMeta key={c.id} check={c} />
              ))}
            </details>
          ) : null}
        </div>
      ))}
    </Card>
  );
}

/** `[dot.path, value]` of every leaf of `data`; lists of plain values joined, empty values left out. */
function leaves(data: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(data).flatMap(([k, v]): [string, string][] => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v === null || v === undefined || v === "") return [];
    if (Array.isArray(v)) return v.length ? [[key, v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ")]] : [];
    if (typeof v === "object") return leaves(v as Record<string, unknown>, key);
    return [[key, String(v)]];
  });
}

/** What the applicant submitted in a step without a dedicated view, one row per value (files are under Evidence). */
function StepValues({ data }: { data: Record<string, unknown> }) {
  const rows: DescriptionRow[] = leaves(data).map(([key, value]) => [
    key.replaceAll("_", " ").replaceAll(".", " · "),
    /^file_/.test(value) ? <span className="font-mono text-xs text-slate-600">{value}</span> : value,
  ]);
  if (!rows.length) return <p className="px-5 py-4 text-sm text-slate-500">Nothing was entered in this step.</p>;
  return <DescriptionList rows={rows} className="grid-cols-[10rem_1fr] gap-x-4 px-5 py-4" />;
}

function ConsentRecord({ step }: { step: CaseStep }) {
  const d = step.data ?? {};
  if (!step.data) return <p className="px-5 py-4 text-sm text-slate-500">No consent recorded yet.</p>;
  const at = str(d.at);
  const rows: DescriptionRow[] = [
    ["Consent", d.accepted === true ? <Badge tone="green">Given</Badge> : <Badge tone="red">Not given</Badge>],
    [
      "Notice version",
      <span key="notice" className="font-mono text-[13px]">
        {str(d.notice_version) ?? "—"}
      </span>,
    ],
    ["Purposes", Array.isArray(d.purposes) ? d.purposes.join(", ").replaceAll("_", " ") : "—"],
    ["Time", at ? formatAbsolute(at) : "—"],
    [
      "IP address",
      <span key="ip" className="font-mono text-[13px]">
        {str(d.ip) ?? "—"}
      </span>,
    ],
    [
      "Browser",
      <span key="browser" className="line-clamp-2 text-xs text-slate-500">
        {str(d.user_agent) ?? "—"}
      </span>,
    ],
  ];
  return <DescriptionList rows={rows} className="grid-cols-[9rem_1fr] gap-x-4 px-5 py-4" />;
}

type Verdict = "match" | "mismatch" | "unknown";

function VerdictMark({ verdict, text }: { verdict: Verdict; text: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium",
        verdict === "match" ? "text-emerald-700" : verdict === "mismatch" ? "text-red-700" : "text-slate-500",
      )}
    >
      {verdict === "unknown" ? null : <span aria-hidden="true">{verdict === "match" ? "✓" : "✗"}</span>}
      {text}
    </span>
  );
}

/** Entered PAN / name / date of birth beside the registry's answer; mismatches in red. */
function PanComparison({ step, check, business }: { step: CaseStep; check?: CaseCheck; business: boolean }) {
  const d = step.data ?? {};
  const r = check?.result ?? {};
  const panStatus = str(r.pan_status);
  const registeredName = str(r.registered_name);
  const nameMatch = typeof r.name_match === "boolean" ? r.name_match : null;
  // the registry check's name-match score (server/checks/name-match.ts), 0..1
  const nameScore = typeof r.name_match_score === "number" ? r.name_match_score : null;
  const scoreText = nameScore === null ? "" : ` (score ${nameScore.toFixed(2)})`;
  const dobMatch = typeof r.dob_match === "boolean" ? r.dob_match : null;
  const notFound = check?.error_code === "pan_not_found" || panStatus === "not_found";

  const rows: { label: string; entered: string | null; answer: React.ReactNode; verdict: Verdict }[] = [
    {
      label: business ? "Business PAN" : "PAN",
      entered: str(d.pan),
      answer: panStatus ? (
        <VerdictMark
          verdict={panStatus === "active" ? "match" : "mismatch"}
          text={panStatus === "active" ? "Found, active" : notFound ? "Not found" : `PAN ${panStatus.replaceAll("_", " ")}`}
        />
      ) : (
        <VerdictMark verdict="unknown" text={check ? "No answer" : "Not checked"} />
      ),
      verdict: panStatus === "active" ? "match" : panStatus || notFound ? "mismatch" : "unknown",
    },
    {
      label: business ? "Business name" : "Name",
      entered: str(d.name),
      answer: (
        <span className="flex flex-wrap items-center gap-x-2">
          {registeredName ? <span className="font-medium text-slate-900">{registeredName}</span> : null}
          <VerdictMark
            verdict={nameMatch === true ? "match" : nameMatch === false ? "mismatch" : "unknown"}
            text={nameMatch === true ? `matches${scoreText}` : nameMatch === false ? `does not match${scoreText}` : "—"}
          />
        </span>
      ),
      verdict: nameMatch === true ? "match" : nameMatch === false ? "mismatch" : "unknown",
    },
    {
      label: business ? "Date of incorporation" : "Date of birth",
      entered: str(d.dob),
      answer: (
        <VerdictMark
          verdict={dobMatch === true ? "match" : dobMatch === false ? "mismatch" : "unknown"}
          text={dobMatch === true ? "matches" : dobMatch === false ? "does not match" : "not returned"}
        />
      ),
      verdict: dobMatch === true ? "match" : dobMatch === false ? "mismatch" : "unknown",
    },
  ];
  if (!step.data) return <p className="px-5 py-4 text-sm text-slate-600">The applicant has not entered this step yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-xs text-slate-600">
        <tr className="border-b border-slate-100">
          <th scope="col" className="w-40 px-5 py-2 font-medium">
            Field
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Applicant entered
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Registry answer
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={cn("border-b border-slate-100", row.verdict === "mismatch" && "bg-red-50")} data-verdict={row.verdict}>
            <th scope="row" className="px-5 py-2.5 font-normal text-slate-600">
              {row.label}
            </th>
            <td
              className={cn(
                "px-3 py-2.5 font-medium",
                row.verdict === "mismatch" ? "text-red-800" : "text-slate-900",
                row.label.includes("PAN") && "font-mono",
              )}
            >
              {row.entered ?? <span className="text-slate-600">—</span>}
            </td>
            <td className="px-3 py-2.5">{row.answer}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CheckMeta({ check }: { check: CaseCheck }) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-1.5 border-t border-slate-100 bg-slate-50/60 px-5 py-2.5 text-xs text-slate-600"
      data-testid="check-meta"
    >
      <span className="font-mono text-slate-800">{check.check_key}</span>
      <CheckStatusBadge status={check.status} />
      {check.provider ? <span>provider: {check.provider}</span> : null}
      {check.verified_by ? <span>verified by: {check.verified_by}</span> : null}
      {check.score !== null ? <span>score: {check.score.toFixed(2)}</span> : null}
      {check.error_code ? <span className="font-mono text-red-700">{check.error_code}</span> : null}
      {check.from_cache ? <Badge tone="gray">cached</Badge> : null}
      {check.provider_attempts.length > 1 ? (
        <span data-testid="check-provider-attempts">
          calls: {check.provider_attempts.map((a) => `${a.provider} ${a.outcome.replaceAll("_", " ")} (${a.latency_ms} ms)`).join(" → ")}
        </span>
      ) : null}
      {check.finished_at ? <span className="text-slate-600">{formatAbsolute(check.finished_at)}</span> : null}
    </div>
  );
}
