/** The loading, error and no-access states every dashboard card and detail page uses (designed, never blank). */
import Link from "next/link";
import type { ReactNode } from "react";
import { FormError } from "~/components/ui/field-error";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { ROLE_LABELS } from "~/server/users/permissions";
import type { Role } from "./types";

export function LoadingCard({ label, className = "h-48" }: { label: string; className?: string }) {
  return (
    <Card className={`flex items-center justify-center text-slate-500 ${className}`}>
      <Spinner className="size-5" label={label} />
    </Card>
  );
}

export function ErrorCard({ what, message, onRetry }: { what: string; message: string; onRetry?: () => void }) {
  return (
    <Card className="px-6 py-8 text-center" role="alert">
      <p className="text-sm font-medium text-slate-900">Could not load {what}</p>
      <p className="mt-1 text-sm text-slate-500">{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Card>
  );
}

const PLURAL: Record<Role, string> = { owner: "owners", admin: "administrators", developer: "developers", reviewer: "reviewers", viewer: "viewers" };

/** "Owners, administrators and developers". */
function roleList(roles: readonly Role[]): string {
  const words = roles.map((r) => PLURAL[r]);
  const text = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A page or card the user's role cannot use: says who can. */
export function NoAccess({ what, roles, role }: { what: string; roles: readonly Role[]; role: Role }) {
  return (
    <Card className="px-6 py-10 text-center" data-testid="no-access">
      <p className="text-sm font-medium text-slate-900">You don&apos;t have access to {what}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-500">
        Your role is {ROLE_LABELS[role].label}. {roleList(roles)} can use this; ask an owner of your organization to change your role.
      </p>
    </Card>
  );
}

/** "← Sessions": the link back to the list a detail page belongs to. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800">
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}

/**
 * A detail page before its object arrives: a spinner while `error` is null; for a NOT_FOUND
 * error "<Noun> not found" with `notFound` as the explanation; for any other error the message.
 * `back` (a BackLink) stays on top in every state.
 */
export function DetailPageFallback({ back, noun, error, notFound }: { back: ReactNode; noun: string; error: unknown; notFound: ReactNode }) {
  if (!error) {
    return (
      <div>
        {back}
        <div className="flex h-64 items-center justify-center text-slate-500">
          <Spinner className="size-5" label={`Loading ${noun}`} />
        </div>
      </div>
    );
  }
  const info = clientErrorInfo(error);
  return (
    <div className="space-y-4">
      {back}
      {info.code === "NOT_FOUND" ? (
        <Card className="px-6 py-10 text-center">
          <h1 className="text-base font-semibold text-slate-900">{noun.charAt(0).toUpperCase() + noun.slice(1)} not found</h1>
          <p className="mt-1 text-sm text-slate-500">{notFound}</p>
        </Card>
      ) : (
        <FormError>
          Could not load this {noun}: {info.message}
        </FormError>
      )}
    </div>
  );
}
