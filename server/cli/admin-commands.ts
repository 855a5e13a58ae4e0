/**
 * The admin CLI's commands (`npm run cli -- ...`), as one parsed union so they run the same
 * way in the CLI process (PostgreSQL, or PGlite when the app is down) and inside the running
 * app (PGlite held by the app; scripts/cli.ts forwards them over loopback).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { createNamedApiKey } from "../api-keys/manage-api-keys";
import { type Db, getPglite } from "../db";
import { backupPglite, POSTGRES_HINT } from "../db/backup";
import { DomainError, notFound } from "../errors";
import { addMember, createOrganization, createProject, createUser } from "../organizations/create-organization";
import { ZAddMember, ZCreateOrganization, ZCreateProject, ZCreateUser, ZSlug } from "../organizations/organization.schemas";
import { allowOrigin, ensureProject } from "../projects/ensure-project";
import { importListVersion, type ImportListResult } from "../screening/import-list-version";
import { SOURCE_LABELS, ZImportSource, ZIsoDate } from "../screening/screening.schemas";
import { ensureDemoOrganization, ensureIndiaWorkflows } from "../seed/seed-demo";

/** A file argument, made absolute by the CLI: the running app may have another working directory. */
const ZAbsoluteFile = z
  .string()
  .min(1)
  .refine((f) => path.isAbsolute(f), "an absolute path");

export const ZAdminCommand = z.discriminatedUnion("command", [
  z.strictObject({ command: z.literal("org.create"), ...ZCreateOrganization.shape }),
  z.strictObject({ command: z.literal("user.create"), ...ZCreateUser.shape }),
  z.strictObject({ command: z.literal("project.create"), org: ZSlug, ...ZCreateProject.shape }),
  z.strictObject({ command: z.literal("member.add"), org: ZSlug, ...ZAddMember.shape }),
  z.strictObject({ command: z.literal("api-key.create"), project: z.string().min(1), org: ZSlug.optional(), mode: z.enum(["test", "live"]) }),
  z.strictObject({ command: z.literal("project.allow-origin"), project: z.string().min(1), org: ZSlug.optional(), origin: z.string().min(1) }),
  z.strictObject({
    command: z.literal("lists.import"),
    source: ZImportSource,
    file: ZAbsoluteFile,
    published: ZIsoDate.optional(),
    "allow-removals": z.literal(true).optional(),
  }),
  z.strictObject({ command: z.literal("backup"), file: ZAbsoluteFile }),
  z.strictObject({ command: z.literal("restore"), file: ZAbsoluteFile }),
]);
export type TAdminCommand = z.infer<typeof ZAdminCommand>;

export const CLI_USAGE = `Usage: npm run --silent cli -- <command> (--help prints this)
  org create --name <name> [--slug <slug>]                          a new organization
  user create --email <email> --password <password> [--name <name>] a dashboard user (at least 10 characters)
  member add --org <slug> --email <email> --role owner|admin|developer|reviewer|viewer
  project create --org <slug> --name <name> [--slug <slug>]         a project with the India workflows
  api-key create --project <slug> [--org <slug>] --mode test|live  prints only the new secret key
  project allow-origin --project <slug> [--org <slug>] <origin>     an allowed redirect_url origin
  lists import --source un|ofac|mha|pep [--published YYYY-MM-DD] [--allow-removals] <file>
  backup <file.tar.gz>                                              a consistent copy of the embedded database (app running or not)
  restore <file.tar.gz>                                             a backup into the empty DATA_DIR (app stopped)`;

/** True when argv asks for the usage (`--help`, `-h`, `help`, or nothing). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.length === 0 || argv.some((a) => a === "--help" || a === "-h") || argv[0] === "help";
}

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
  const single = noun === "backup" || noun === "restore";
  const parsed = ZAdminCommand.safeParse({
    command: single ? noun : `${noun}.${verb}`,
    ...(single && verb ? { file: path.resolve(verb) } : {}),
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

/**
 * Runs a command; returns exactly what the CLI prints on stdout. Every change is audited with
 * the actor `system`/`cli` (`organization.created`, `user.created`, `project.created`,
 * `member.added`, `api_key.created`).
 */
export async function runAdminCommand(db: Db, cmd: TAdminCommand): Promise<string> {
  switch (cmd.command) {
    case "org.create": {
      const org = await createOrganization(db, { name: cmd.name, slug: cmd.slug }, CLI_ACTOR);
      return `Organization ${org.name} created: slug ${org.slug} (${org.id})`;
    }
    case "user.create": {
      const user = await createUser(db, { email: cmd.email, password: cmd.password, name: cmd.name }, CLI_ACTOR);
      return `User ${user.email} created (${user.id}); add them to an organization with member add`;
    }
    case "project.create": {
      const project = await createProject(db, { organizationSlug: cmd.org, name: cmd.name, slug: cmd.slug }, CLI_ACTOR);
      return `Project ${project.name} created: slug ${project.slug} (${project.id}), with the India workflows`;
    }
    case "member.add": {
      await addMember(db, { organizationSlug: cmd.org, email: cmd.email, role: cmd.role }, CLI_ACTOR);
      return `${cmd.email} is now ${cmd.role} of ${cmd.org}`;
    }
    case "api-key.create": {
      const project = await cliProject(db, cmd.project, cmd.org);
      await ensureIndiaWorkflows(db, project.id);
      const { secret } = await createNamedApiKey(db, { projectId: project.id, mode: cmd.mode }, { name: "cli" }, CLI_ACTOR);
      return secret;
    }
    case "project.allow-origin": {
      const project = await cliProject(db, cmd.project, cmd.org);
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
    case "backup": {
      const pglite = await getPglite();
      if (!pglite) throw new DomainError("parameter_invalid", POSTGRES_HINT);
      const bytes = await backupPglite(pglite, cmd.file);
      return `Backup of the embedded database written to ${cmd.file} (${bytes} bytes); restore it with: DATA_DIR=<empty dir> npm run cli -- restore ${cmd.file}`;
    }
    case "restore":
      // scripts/cli.ts restores before opening any database; a process that holds one cannot
      throw new DomainError("parameter_invalid", "restore runs in the CLI with the app stopped, into an empty DATA_DIR.");
  }
}

/** A CLI project: created in the demo organization when missing. */
/**
 * The project `slug` of the CLI's `--project`: in organization `org` when given (it must exist);
 * else the one project of that slug in any organization; else (none) created in the demo
 * organization, as before organizations could be created (README "Admin CLI").
 * @throws DomainError resource_missing (no such project in `org`), parameter_invalid (the slug
 *   names projects of several organizations: `--org` is needed).
 */
async function cliProject(db: Db, slug: string, org?: string) {
  if (org) {
    const project = await db.project.findFirst({ where: { slug, organization: { slug: org } }, select: { id: true, slug: true } });
    if (!project) throw notFound("project", `${org}/${slug}`, "project");
    return project;
  }
  const matches = await db.project.findMany({ where: { slug }, select: { id: true, slug: true }, take: 2 });
  if (matches.length > 1) throw new DomainError("parameter_invalid", `Several organizations have a project '${slug}': add --org <slug>.`, { param: "org" });
  return matches[0] ?? ensureProject(db, { organizationId: await ensureDemoOrganization(db), slug });
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
