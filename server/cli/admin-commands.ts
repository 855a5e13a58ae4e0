/**
 * The admin CLI's commands (`npm run cli -- ...`), as one parsed union so they run the same
 * way in the CLI process (PostgreSQL, or PGlite when the app is down) and inside the running
 * app (PGlite held by the app; scripts/cli.ts forwards them over loopback).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { createNamedApiKey } from "../api-keys/manage-api-keys";
import type { Db } from "../db";
import { DomainError } from "../errors";
import { allowOrigin, ensureProject } from "../projects/ensure-project";
import { importListVersion, type ImportListResult } from "../screening/import-list-version";
import { SOURCE_LABELS, ZImportSource, ZIsoDate } from "../screening/screening.schemas";
import { ensureDemoOrganization, ensureIndiaWorkflows } from "../seed/seed-demo";

export const ZAdminCommand = z.discriminatedUnion("command", [
  z.strictObject({ command: z.literal("api-key.create"), project: z.string().min(1), mode: z.enum(["test", "live"]) }),
  z.strictObject({ command: z.literal("project.allow-origin"), project: z.string().min(1), origin: z.string().min(1) }),
  z.strictObject({
    command: z.literal("lists.import"),
    source: ZImportSource,
    /** absolute path: the running app may have another working directory */
    file: z
      .string()
      .min(1)
      .refine((f) => path.isAbsolute(f), "an absolute path"),
    published: ZIsoDate.optional(),
    "allow-removals": z.literal(true).optional(),
  }),
]);
export type TAdminCommand = z.infer<typeof ZAdminCommand>;

export const CLI_USAGE = `Usage:
  npm run --silent cli -- api-key create --project <slug> --mode test|live
  npm run --silent cli -- project allow-origin --project <slug> <origin>
  npm run --silent cli -- lists import --source un|ofac|mha|pep [--published YYYY-MM-DD] [--allow-removals] <file>`;

/** Flags that take no value. */
const BOOLEAN_FLAGS = new Set(["allow-removals"]);

/** Parses argv (after `--`) into a command. @throws DomainError parameter_invalid with usage. */
export function parseAdminArgs(argv: readonly string[]): TAdminCommand {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  const booleans: Record<string, true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("--") && BOOLEAN_FLAGS.has(a.slice(2))) booleans[a.slice(2)] = true;
    else if (a.startsWith("--")) {
      const [k, v] = a.includes("=") ? [a.slice(2, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a.slice(2), argv[++i]];
      if (v === undefined) throw new DomainError("parameter_missing", `--${k} needs a value.\n${CLI_USAGE}`);
      flags[k] = v;
    } else positional.push(a);
  }
  const [noun, verb, ...rest] = positional;
  const parsed = ZAdminCommand.safeParse({
    command: `${noun}.${verb}`,
    ...flags,
    ...booleans,
    ...(noun === "project" && verb === "allow-origin" ? { origin: rest[0] } : {}),
    ...(noun === "lists" && verb === "import" && rest[0] ? { file: path.resolve(rest[0]) } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError("parameter_invalid", `${issue ? `${issue.path.join(".") || "command"}: ${issue.message}` : "invalid command"}\n${CLI_USAGE}`);
  }
  return parsed.data;
}

/** Who the CLI acts as in the audit log. */
export const CLI_ACTOR = { type: "system" as const, id: "cli" };

/** Runs a command; returns exactly what the CLI prints on stdout. Keys it creates are audited (`api_key.created`). */
export async function runAdminCommand(db: Db, cmd: TAdminCommand): Promise<string> {
  switch (cmd.command) {
    case "api-key.create": {
      const project = await cliProject(db, cmd.project);
      await ensureIndiaWorkflows(db, project.id);
      const { secret } = await createNamedApiKey(db, { projectId: project.id, mode: cmd.mode }, { name: "cli" }, CLI_ACTOR);
      return secret;
    }
    case "project.allow-origin": {
      const project = await cliProject(db, cmd.project);
      const origins = await allowOrigin(db, { projectId: project.id, origin: cmd.origin });
      return `Allowed origins of ${project.slug}: ${origins.join(", ")}`;
    }
    case "lists.import": {
      const bytes = await readFile(cmd.file).catch((err: NodeJS.ErrnoException) => {
        throw new DomainError("parameter_invalid", `Cannot read ${cmd.file}: ${err.code ?? err.message}`, { param: "file" });
      });
      const result = await importListVersion(db, {
        source: cmd.source,
        bytes,
        fileName: path.basename(cmd.file),
        publishedAt: cmd.published ? new Date(`${cmd.published}T00:00:00Z`) : null,
        allowRemovals: cmd["allow-removals"],
      });
      return describeImport(result);
    }
  }
}

/** A CLI project: created in the demo organization when missing. */
async function cliProject(db: Db, slug: string) {
  return ensureProject(db, { organizationId: await ensureDemoOrganization(db), slug });
}

/** What `lists import` prints: the version, its counts and its diff. */
function describeImport({ unchanged, version: v }: ImportListResult): string {
  const label = SOURCE_LABELS[v.source];
  if (unchanged) return `${label}: unchanged, the same file as version ${v.seq} (${v.id}).`;
  const published = v.publishedAt ? `, published ${v.publishedAt.toISOString().slice(0, 10)}` : "";
  return [
    `${label}: version ${v.seq} (${v.id}) imported from ${v.fileName}${published}, sha256 ${v.fileSha256}`,
    `  ${v.entryCount} entries (${v.individualCount} individuals, ${v.entityCount} entities)`,
    `  diff against the previous version: ${v.addedCount} added, ${v.changedCount} changed, ${v.removedCount} removed`,
  ].join("\n");
}
