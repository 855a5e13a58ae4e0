/**
 * A project's failover order of live registry adapters per registry check (`projects.provider_config`,
 * read by server/providers/registry.ts). Test mode always answers from the sandbox; these
 * settings apply to live mode only. Credentials stay in the server's environment.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import { CHECKS } from "../checks/catalog";
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { LIVE_REGISTRY_ADAPTERS, parseProviderConfig, providerChain, ZProviderConfig, type LiveRegistryAdapter } from "../providers/registry";
import type { TRegistryProviderChoice } from "./registry-providers.schemas";

const REGISTRY_CHECKS = CHECKS.filter((c) => c.answeredBy === "registry");

/** Every registry check of the catalog with the project's live selection. @throws DomainError resource_missing */
export async function getRegistryProviders(db: Db, projectId: string): Promise<TRegistryProviderChoice[]> {
  const project = await db.project.findUnique({ where: { id: projectId }, select: { providerConfig: true } });
  if (!project) throw notFound("project", projectId);
  const config = parseProviderConfig(project.providerConfig);
  return REGISTRY_CHECKS.map((c) => ({
    key: c.key,
    description: c.description,
    adapters: Object.entries(LIVE_REGISTRY_ADAPTERS)
      .filter(([, a]) => a.checks.includes(c.key))
      .map(([name, a]) => ({ name: name as LiveRegistryAdapter, label: a.label, configured: a.provider !== null })),
    selected: config[c.key] ?? null,
    effective: providerChain("live", c.key, config).map((p) => p.name),
  }));
}

/**
 * Sets the failover order of live adapters for live `checkKey` checks of the project (null: back to
 * the server's default), in one transaction with its audit row `project.registry_provider_changed`.
 * Checks already created ask the provider recorded on them first.
 * @throws DomainError parameter_invalid (param `adapters`) when an adapter does not answer the check or is listed twice
 */
export async function setRegistryProvider(
  db: Db,
  projectId: string,
  checkKey: string,
  adapters: LiveRegistryAdapter[] | null,
  actor: Actor,
): Promise<TRegistryProviderChoice[]> {
  if (!REGISTRY_CHECKS.some((c) => c.key === checkKey)) {
    throw new DomainError("parameter_invalid", `'${checkKey}' is not a registry check.`, { param: "checkKey" });
  }
  await db.$transaction(async (tx) => {
    const project = await tx.project.findUnique({ where: { id: projectId }, select: { providerConfig: true } });
    if (!project) throw notFound("project", projectId);
    const before = parseProviderConfig(project.providerConfig);
    const { [checkKey]: previous = null, ...rest } = before;
    const parsed = ZProviderConfig.safeParse(adapters ? { ...rest, [checkKey]: adapters } : rest);
    if (!parsed.success) throw new DomainError("parameter_invalid", parsed.error.issues[0]!.message, { param: "adapters" });
    if (JSON.stringify(previous) === JSON.stringify(adapters)) return;
    await tx.project.update({ where: { id: projectId }, data: { providerConfig: parsed.data } });
    await writeAudit(tx, {
      actor,
      action: "project.registry_provider_changed",
      objectType: "project",
      objectId: projectId,
      projectId,
      data: { check_key: checkKey, from: previous, to: adapters },
    });
  });
  return getRegistryProviders(db, projectId);
}
