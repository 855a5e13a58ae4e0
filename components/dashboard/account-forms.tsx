"use client";
/**
 * Forms of the signed-out account pages: forgot password, reset password (token from the
 * link's fragment), accepting an invitation (new account, or an existing one's password) and the
 * first-run setup (the first organization and its owner).
 * Each uses the same zod schema as its server action (app/(account)/actions.ts).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { type ReactNode, useEffect, useState, useTransition } from "react";
import { useForm, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import {
  acceptInvitationAction,
  forgotPasswordAction,
  joinWithAccountAction,
  lookupInvitationAction,
  resetPasswordAction,
  setupAction,
} from "~/app/(account)/actions";
import { Button, buttonClasses } from "~/components/ui/button";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { useHydrated } from "~/components/ui/use-client-value";
import {
  ZAcceptInvitationRequest,
  ZForgotPasswordRequest,
  ZJoinWithAccountRequest,
  ZResetPasswordRequest,
  type TAcceptInvitationRequest,
  type TForgotPasswordRequest,
  type TJoinWithAccountRequest,
  type TResetPasswordRequest,
} from "~/server/users/account.schemas";
import { type TSetupRequest, ZSetupRequest } from "~/server/organizations/organization.schemas";
import { ROLE_LABELS } from "~/server/users/permissions";
import type { ActionFailure } from "./account-actions.schemas";
import { AuthCard, readFragmentToken } from "./auth-card";

/** One text input wired to react-hook-form with its label, hint and error. */
function TextField<T extends FieldValues>({
  form,
  name,
  label,
  type = "text",
  autoComplete,
  hint,
  autoFocus,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  const error = form.formState.errors[name]?.message as string | undefined;
  return (
    <Field id={name} label={label} hint={hint} error={error}>
      <Input
        {...form.register(name)}
        id={name}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        invalid={!!error}
        aria-describedby={describedBy(name, { hint, error })}
      />
    </Field>
  );
}

/** Shows a failed action: on its field when it names one of `fields`, else above the form. */
function useActionError<T extends FieldValues>(form: UseFormReturn<T>, fields: readonly Path<T>[]) {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => setMessage(null),
    show(result: ActionFailure) {
      const field = fields.find((f) => f === result.error.field);
      if (field) form.setError(field, { type: "server", message: result.error.message }, { shouldFocus: true });
      else setMessage(result.error.message);
    },
  };
}

export function ForgotPasswordForm() {
  const form = useForm<TForgotPasswordRequest>({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: "" } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const error = useActionError(form, ["email"]);
  if (sentTo) {
    return (
      <div role="status" className="space-y-3 text-sm text-slate-700" data-testid="reset-requested">
        <p>
          If <strong className="font-medium text-slate-900">{sentTo}</strong> has a dashboard account, we&apos;ve sent it a link to reset the password. The link
          works once and expires in 30 minutes.
        </p>
        <p className="text-slate-500">No email after a few minutes? Check your spam folder, or ask again.</p>
        <Button variant="secondary" block onClick={() => setSentTo(null)}>
          Send another link
        </Button>
      </div>
    );
  }
  const onSubmit = form.handleSubmit((values) => {
    error.clear();
    startTransition(async () => {
      const result = await forgotPasswordAction(values);
      if ("ok" in result) setSentTo(values.email);
      else error.show(result);
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormError>{error.message}</FormError>
      <TextField form={form} name="email" label="Email" type="email" autoComplete="username" autoFocus />
      <Button type="submit" block loading={pending}>
        Email me a reset link
      </Button>
    </form>
  );
}

/**
 * Renders `children(token)` with the `#token=` of the page's address (null without one), read
 * once in the browser when mounted (readFragmentToken also removes it from the address). The
 * server and the hydration render show `loading`: the token is never in the server's HTML.
 */
function WithFragmentToken({ loading, children }: { loading: ReactNode; children: (token: string | null) => ReactNode }) {
  return useHydrated() ? <FragmentToken>{children}</FragmentToken> : loading;
}

function FragmentToken({ children }: { children: (token: string | null) => ReactNode }) {
  // a lazy initial state runs once per mount (StrictMode's second call is discarded)
  const [token] = useState(readFragmentToken);
  return children(token);
}

export function ResetPasswordForm() {
  return <WithFragmentToken loading={<Spinner label="Loading" />}>{(token) => <ResetPassword token={token} />}</WithFragmentToken>;
}

function ResetPassword({ token }: { token: string | null }) {
  const form = useForm<TResetPasswordRequest>({
    resolver: zodResolver(ZResetPasswordRequest),
    defaultValues: { token: token ?? "", password: "", confirmPassword: "" },
  });
  const [pending, startTransition] = useTransition();
  const [linkError, setLinkError] = useState<string | null>(null);
  const error = useActionError(form, ["password", "confirmPassword"]);

  if (token === null || linkError)
    return <BadLink message={linkError ?? "This page needs the link from your email. Open the link again, or ask for a new one."} />;

  const onSubmit = form.handleSubmit((values) => {
    error.clear();
    startTransition(async () => {
      const result = await resetPasswordAction(values);
      if (result.error.code === "password_reset_invalid") setLinkError(result.error.message);
      else error.show(result);
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormError>{error.message}</FormError>
      <TextField form={form} name="password" label="New password" type="password" autoComplete="new-password" autoFocus />
      <TextField form={form} name="confirmPassword" label="Repeat the new password" type="password" autoComplete="new-password" />
      <Button type="submit" block loading={pending}>
        Set password and sign in
      </Button>
    </form>
  );
}

function BadLink({ message }: { message: string }) {
  return (
    <div className="space-y-4" data-testid="link-invalid">
      <FormError>{message}</FormError>
      <Link href="/forgot-password" className={buttonClasses({ variant: "secondary", block: true })}>
        Get a new link
      </Link>
    </div>
  );
}

type Invitation = Extract<Awaited<ReturnType<typeof lookupInvitationAction>>, { invitation: unknown }>["invitation"];

export function AcceptInvitation() {
  return <WithFragmentToken loading={<CheckingInvitation />}>{(token) => <JoinTeam token={token} />}</WithFragmentToken>;
}

function CheckingInvitation() {
  return (
    <AuthCard title="Join your team">
      <div className="flex justify-center py-6 text-slate-500">
        <Spinner className="size-5" label="Checking your invitation" />
      </div>
    </AuthCard>
  );
}

function JoinTeam({ token }: { token: string | null }) {
  const [state, setState] = useState<{ invitation: Invitation } | ActionFailure | null>(null);
  useEffect(() => {
    if (token) void lookupInvitationAction(token).then(setState);
  }, [token]);

  if (token === null) {
    return (
      <AuthCard title="Join your team">
        <FormError>This page needs the link from your invitation email. Open that link again.</FormError>
      </AuthCard>
    );
  }
  if (state === null) return <CheckingInvitation />;
  if ("error" in state) {
    return (
      <AuthCard
        title="This invitation can't be used"
        footer={
          <Link href="/login" className="font-medium text-brand-700 hover:underline">
            Go to sign in
          </Link>
        }
      >
        <div data-testid="link-invalid">
          <FormError>{state.error.message}</FormError>
        </div>
      </AuthCard>
    );
  }
  const inv = state.invitation;
  return (
    <AuthCard
      title={`Join ${inv.organizationName}`}
      description={
        <>
          {inv.invitedBy ? `${inv.invitedBy} invited you` : "You're invited"} as{" "}
          <strong className="font-medium text-slate-700">{ROLE_LABELS[inv.role].label}</strong>.{" "}
          {inv.hasAccount ? "Enter the password of your account to join." : "Choose your name and a password to create your account."}
        </>
      }
    >
      <p className="-mt-2 mb-5 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="invite-email">
        {inv.email}
      </p>
      {inv.hasAccount ? <JoinForm token={token} /> : <NewAccountForm token={token} />}
    </AuthCard>
  );
}

function NewAccountForm({ token }: { token: string }) {
  const form = useForm<TAcceptInvitationRequest>({
    resolver: zodResolver(ZAcceptInvitationRequest),
    defaultValues: { token, name: "", password: "", confirmPassword: "" },
  });
  const [pending, startTransition] = useTransition();
  const error = useActionError(form, ["name", "password", "confirmPassword"]);
  const onSubmit = form.handleSubmit((values) => {
    error.clear();
    startTransition(async () => error.show(await acceptInvitationAction(values)));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormError>{error.message}</FormError>
      <TextField form={form} name="name" label="Your name" autoComplete="name" autoFocus />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="new-password" hint="At least 10 characters." />
      <TextField form={form} name="confirmPassword" label="Repeat the password" type="password" autoComplete="new-password" />
      <Button type="submit" block loading={pending}>
        Create account and join
      </Button>
    </form>
  );
}

function JoinForm({ token }: { token: string }) {
  const form = useForm<TJoinWithAccountRequest>({ resolver: zodResolver(ZJoinWithAccountRequest), defaultValues: { token, password: "" } });
  const [pending, startTransition] = useTransition();
  const error = useActionError(form, ["password"]);
  const onSubmit = form.handleSubmit((values) => {
    error.clear();
    startTransition(async () => error.show(await joinWithAccountAction(values)));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormError>{error.message}</FormError>
      <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" autoFocus />
      <Button type="submit" block loading={pending}>
        Join
      </Button>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}

/** The first-run setup (/setup): organization name, the owner's email and password; signs the owner in. */
export function SetupForm() {
  const form = useForm<TSetupRequest>({
    resolver: zodResolver(ZSetupRequest),
    defaultValues: { organizationName: "", email: "", password: "", confirmPassword: "" },
  });
  const [pending, startTransition] = useTransition();
  const error = useActionError(form, ["organizationName", "email", "password", "confirmPassword"]);
  const onSubmit = form.handleSubmit((values) => {
    error.clear();
    startTransition(async () => error.show(await setupAction(values)));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="setup-form">
      <FormError>{error.message}</FormError>
      <TextField form={form} name="organizationName" label="Organization name" autoComplete="organization" autoFocus />
      <TextField form={form} name="email" label="Your email (the owner's)" type="email" autoComplete="username" />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="new-password" hint="At least 10 characters." />
      <TextField form={form} name="confirmPassword" label="Repeat the password" type="password" autoComplete="new-password" />
      <Button type="submit" block loading={pending}>
        Create organization and sign in
      </Button>
    </form>
  );
}
