"use client";
/**
 * A workflow diff (server/workflows/workflow-diff.ts): the changes in words, then the JSON line
 * diff with added lines green (+) and removed lines red (−). Runs of unchanged lines beyond
 * three lines of context fold into a button that shows them.
 */
import { useState } from "react";
import { cn, focusRing } from "~/components/ui/cn";
import type { TDiffLine } from "~/server/workflows/workflow-builder.schemas";

const CONTEXT = 3;

type Block = { kind: "lines"; lines: (TDiffLine & { n: number })[] } | { kind: "fold"; lines: (TDiffLine & { n: number })[] };

/** Unchanged runs longer than 2 × CONTEXT + 1 lines fold, keeping CONTEXT lines next to each change. */
function blocks(lines: TDiffLine[]): Block[] {
  const numbered = lines.map((l, n) => ({ ...l, n }));
  const out: Block[] = [];
  let i = 0;
  while (i < numbered.length) {
    let j = i;
    while (j < numbered.length && numbered[j]!.op === " ") j++;
    const run = numbered.slice(i, j);
    const head = i === 0 ? 0 : CONTEXT;
    const tail = j === numbered.length ? 0 : CONTEXT;
    if (run.length > head + tail + 1) {
      if (head) out.push({ kind: "lines", lines: run.slice(0, head) });
      out.push({ kind: "fold", lines: run.slice(head, run.length - tail) });
      if (tail) out.push({ kind: "lines", lines: run.slice(run.length - tail) });
    } else if (run.length) out.push({ kind: "lines", lines: run });
    let k = j;
    while (k < numbered.length && numbered[k]!.op !== " ") k++;
    if (k > j) out.push({ kind: "lines", lines: numbered.slice(j, k) });
    i = k;
  }
  return out;
}

/** A first version is all additions: it shows this many lines until asked for the rest. */
const FIRST_VERSION_PREVIEW = 16;

export function DiffView({ before, after, summary, lines }: { before: string; after: string; summary: string[]; lines: TDiffLine[] }) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [whole, setWhole] = useState(false);
  const allNew = lines.every((l) => l.op === "+");
  const shown = allNew && !whole ? lines.slice(0, FIRST_VERSION_PREVIEW) : lines;
  const added = lines.filter((l) => l.op === "+").length;
  const removed = lines.filter((l) => l.op === "-").length;
  return (
    <div className="space-y-4" data-testid="diff-view">
      <div>
        <p className="text-sm text-slate-600">
          <span className="font-medium text-slate-900">{before}</span> → <span className="font-medium text-slate-900">{after}</span>
          <span className="ml-2 text-emerald-700">+{added}</span> <span className="text-red-700">−{removed}</span>
        </p>
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-800" data-testid="diff-summary">
          {summary.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </div>
      <div className="overflow-x-auto rounded-md border border-slate-200 font-mono text-xs leading-5">
        {blocks(shown).map((b, i) =>
          b.kind === "fold" && !open.has(i) ? (
            <button
              key={i}
              type="button"
              className={cn("block w-full bg-slate-50 px-3 py-1 text-left text-slate-500 hover:bg-slate-100", focusRing)}
              onClick={() => setOpen(new Set(open).add(i))}
            >
              ⋯ Show {b.lines.length} unchanged lines
            </button>
          ) : (
            b.lines.map((l) => (
              <div
                key={l.n}
                data-op={l.op}
                className={cn(
                  "flex whitespace-pre",
                  l.op === "+" && "bg-emerald-50 text-emerald-900",
                  l.op === "-" && "bg-red-50 text-red-900",
                  l.op === " " && "text-slate-600",
                )}
              >
                <span aria-hidden="true" className="w-6 shrink-0 text-center select-none">
                  {l.op === "+" ? "+" : l.op === "-" ? "−" : ""}
                </span>
                <span className="sr-only">{l.op === "+" ? "added: " : l.op === "-" ? "removed: " : ""}</span>
                <span className="pr-3">{l.text}</span>
              </div>
            ))
          ),
        )}
        {shown.length < lines.length ? (
          <button
            type="button"
            className={cn("block w-full bg-slate-50 px-3 py-1.5 text-left text-slate-600 hover:bg-slate-100", focusRing)}
            onClick={() => setWhole(true)}
          >
            ⋯ Show all {lines.length} lines
          </button>
        ) : null}
      </div>
    </div>
  );
}
