import "server-only";
/**
 * tRPC setup (STYLE.md 4): context (db, dashboard session, headers), superjson, an error
 * formatter that adds flattened zod errors of bad input and never passes on the text of an
 * unexpected error, DomainError -> TRPCError conversion and the refusal of text PostgreSQL cannot
 * store on every procedure, and the procedure bases: `publicProcedure`, `flowProcedure` (client token of
 * the hosted flow), `protectedProcedure` (signed-in user) and `projectProcedure(roles)`
 * (member of the project's organization with one of `roles`).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { auth } from "../auth/auth";
import { getDb } from "../db";
import { DomainError } from "../errors";
import type { Role } from "../generated/prisma/enums";
import type { Tenant } from "../tenant";
import { clientIp } from "../http/client-ip";
import { unstorableInputError } from "../http/pipeline/text-input";
import { findProjectMembership } from "../users/user.queries";

export async function createTRPCContext(opts: { headers: Headers }) {
  const session = await auth();
  return { db: await getDb(), userId: session?.user?.id ?? null, headers: opts.headers };
}
export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;

const TRPC_CODE_BY_STATUS: Record<number, TRPCError["code"]> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

/** What a caller reads of an unexpected error; the route's onError logs the real one. */
export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Try again in a moment.";

const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  /**
   * An unexpected error (INTERNAL_SERVER_ERROR not raised as a DomainError: a database error, a
   * failed output validation) answers a fixed message and no stack: its text (Prisma's message
   * quotes the code and the query) stays in the server log. Zod details only for bad input.
   */
  errorFormatter({ shape, error }) {
    const domain = error.cause instanceof DomainError ? error.cause : null;
    if (error.code === "INTERNAL_SERVER_ERROR" && !domain) {
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: INTERNAL_ERROR_MESSAGE, data: { ...data, zodError: null, domain: null } };
    }
    return {
      ...shape,
      data: {
        ...shape.data,
        zodError: error.code === "BAD_REQUEST" && error.cause instanceof ZodError ? z.flattenError(error.cause) : null,
        domain: domain ? { code: domain.code, param: domain.param ?? null, details: domain.details ?? null } : null,
      },
    };
  },
});

/** Maps DomainError to TRPCError, keeping the DomainError as `cause` for the formatter. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE_BY_STATUS[cause.status] ?? "INTERNAL_SERVER_ERROR", message: cause.message, cause });
  }
  return result;
});

/**
 * Refuses input with text PostgreSQL cannot store (NUL, an unpaired surrogate) in any string or
 * key, or nested too deep (the rule of /v1: server/http/pipeline/text-input.ts), before the input is parsed or any
 * token or session is looked up: BAD_REQUEST with the DomainError `parameter_invalid` naming
 * the dot path (`sessionId`, `values.name`).
 */
const storableInput = t.middleware(async ({ getRawInput, next }) => {
  const cause = unstorableInputError(await getRawInput());
  if (cause) throw new TRPCError({ code: "BAD_REQUEST", message: cause.message, cause });
  return next();
});

export const createCallerFactory = t.createCallerFactory;
export const createTRPCRouter = t.router;
export const publicProcedure = t.procedure.use(domainErrors).use(storableInput);

/** Hosted-flow calls: `Authorization: Bearer st_...`; the token is checked by the domain call. */
export const flowProcedure = publicProcedure.use(({ ctx, next }) => {
  const match = /^Bearer\s+(st_\S+)$/.exec(ctx.headers.get("authorization") ?? "");
  if (!match) throw new TRPCError({ code: "UNAUTHORIZED", message: "This link is missing its access token." });
  return next({ ctx: { token: match[1]!, ip: clientIp(ctx.headers), userAgent: ctx.headers.get("user-agent") } });
});

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.userId) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  return next({ ctx: { userId: ctx.userId } });
});

export const ZTenantInput = z.object({ projectId: z.string().min(1), mode: z.enum(["test", "live"]) });

/** Roles allowed to read a project's data at all. */
export const ALL_ROLES: readonly Role[] = ["owner", "admin", "developer", "reviewer", "viewer"];

/**
 * A procedure on one project: input carries `{ projectId, mode }`; the user must be a member
 * of the project's organization with one of `roles`. A project the user cannot see is
 * NOT_FOUND, exactly like a foreign id in the API.
 */
export function projectProcedure(roles: readonly Role[] = ALL_ROLES) {
  return protectedProcedure.input(ZTenantInput).use(async ({ ctx, input, next }) => {
    const membership = await findProjectMembership(ctx.db, input.projectId, ctx.userId);
    if (!membership) throw new TRPCError({ code: "NOT_FOUND", message: "No such project." });
    const { organizationId, role } = membership;
    if (!roles.includes(role)) throw new TRPCError({ code: "FORBIDDEN", message: `Your role (${role}) cannot do this.` });
    const tenant: Tenant = { projectId: input.projectId, mode: input.mode };
    return next({ ctx: { tenant, role, organizationId, ip: clientIp(ctx.headers) } });
  });
}
