/**
 * Inputs of the operator's lifecycle commands (issue 17): the first-run setup page and the CLI's
 * `org create`, `user create`, `project create` and `member add` (server/cli/admin-commands.ts).
 * Each schema serves the form (react-hook-form) and the server that parses it again.
 */
import { z } from "zod";
import { ZEmail, ZNewPassword, ZRole } from "../users/account.schemas";

/** Organization and project slugs: lower-case letters, digits and '-', 1-40 characters. */
export const ZSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: "Use lower-case letters, digits and '-' (at most 40)." });

export const ZOrganizationName = z.string().trim().min(1, { error: "Enter the organization's name." }).max(100, { error: "Use at most 100 characters." });
export const ZProjectName = z.string().trim().min(1, { error: "Enter the project's name." }).max(100, { error: "Use at most 100 characters." });
export const ZPersonName = z.string().trim().max(100, { error: "Use at most 100 characters." });

/** The first-run setup page: the organization and its first owner. */
export const ZSetupRequest = z
  .object({ organizationName: ZOrganizationName, email: ZEmail, password: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: "The passwords do not match.", path: ["confirmPassword"] });
export type TSetupRequest = z.infer<typeof ZSetupRequest>;

export const ZCreateOrganization = z.object({ name: ZOrganizationName, slug: ZSlug.optional() });
export const ZCreateUser = z.object({ email: ZEmail, password: ZNewPassword, name: ZPersonName.optional() });
export const ZCreateProject = z.object({ name: ZProjectName, slug: ZSlug.optional() });
export const ZAddMember = z.object({ email: ZEmail, role: ZRole });

/**
 * A slug from a name: ASCII letters and digits in lower case, other runs as '-', at most 40;
 * `fallback` when nothing is left (e.g. a name in Devanagari).
 */
export function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || fallback;
}
