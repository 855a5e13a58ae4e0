/**
 * The admin CLI's commands (`npm run cli -- ...`), as one parsed union so they run the same
 * way in the CLI process (PostgreSQL, or PGlite when the app is down) and inside the running
 * app (PGlite held by the app; scripts/cli.ts forwards them over loopback).
 */
import { z } from "zod";
import { createNamedApiKey } from "../api-keys/manage-api-keys";
import type { Db } from "../db";
import { DomainError } from "../errors";
import { allowOrigin, ensureProject } from "../projects/ensure-project";
import { ensureDemoOrganization, ensureIndiaWorkflows } from "../seed/seed-demo";

export const ZAdminCommand = z.discriminatedUnion("command", [
  z.strictObject({ command: z.literal("api-key.create"), project: z.string().min(1), mode: z.enum(["test", "live"]) }),
  z.strictObject({ command: z.literal("project.allow-origin"), project: z.string().min(1), origin: z.string().min(1) }),
]);
export type TAdminCommand = z.infer<typeof ZAdminCommand>;

export const CLI_USAGE = `Usage:
  npm run --silent cli -- api-key create --project <slug> --mode test|live
  npm run --silent cli -- project allow-origin --project <slug> <origin>`;

/** Parses argv (after `--`) into a command. @throws DomainError parameter_invalid with usage. */
export function parseAdminArgs(argv: readonly string[]): TAdminCommand {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("--")) {
      const [k, v] = a.includes("=") ? [a.slice(2, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a.slice(2), argv[++i]];
      if (v === undefined) throw new DomainError("parameter_missing", `--${k} needs a value.\n${CLI_USAGE}`);
      flags[k] = v;
    } else positional.push(a);
  }
  const [noun, verb, ...rest] = positional;
  const parsed = ZAdminCommand.safeParse({
    command: `${noun}.${verb}`,
    ...flags,
    ...(noun === "project" && verb === "allow-origin" ? { origin: rest[0] } : {}),
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
  const organizationId = await ensureDemoOrganization(db);
  const project = await ensureProject(db, { organizationId, slug: cmd.project });
  switch (cmd.command) {
    case "api-key.create": {
      await ensureIndiaWorkflows(db, project.id);
      const { secret } = await createNamedApiKey(db, { projectId: project.id, mode: cmd.mode }, { name: "cli" }, CLI_ACTOR);
      return secret;
    }
    case "project.allow-origin": {
      const origins = await allowOrigin(db, { projectId: project.id, origin: cmd.origin });
      return `Allowed origins of ${project.slug}: ${origins.join(", ")}`;
    }
  }
}
