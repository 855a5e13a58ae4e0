/** The loading, error and no-access states every dashboard card uses (designed, never blank). */
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
