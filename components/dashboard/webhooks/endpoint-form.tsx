"use client";
/**
 * The fields of a webhook endpoint (create and edit): URL, description and which events it
 * receives (all, all session events, or chosen types). Validated by the API's own schema
 * (ZCreateWebhookEndpointRequest); the SSRF guard answers on the server (`url_not_allowed`).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Checkbox } from "~/components/ui/checkbox";
import { describedBy, Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { ZCreateWebhookEndpointRequest } from "~/server/webhooks/webhook-endpoint.schemas";
import { FormActions } from "../form-actions";
import { EVENT_TYPES } from "./webhook-ui";

const ZForm = z.object({ ...ZCreateWebhookEndpointRequest.shape, events: z.array(z.string()).min(1, "Choose at least one event.") });
export type EndpointFormValues = z.input<typeof ZForm>;

export function EndpointForm({
  mode,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  mode: "test" | "live";
  initial?: { url: string; description: string; events: string[] };
  submitLabel: string;
  onSubmit: (values: { url: string; description: string; events: string[] }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<EndpointFormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: initial ?? { url: "", description: "", events: ["*"] },
  });
  const { errors, isSubmitting } = form.formState;
  const rootError = errors.root?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ url: values.url, description: values.description ?? "", events: values.events ?? ["*"] });
    } catch (err) {
      const info = clientErrorInfo(err);
      if (info.param === "url") form.setError("url", { message: info.message });
      else form.setError("root", { message: info.message });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="endpoint-form">
      <Field
        id="endpoint-url"
        label="Endpoint URL"
        hint={
          mode === "test"
            ? "https, or http on localhost / 127.0.0.1 / [::1] in test mode where this deployment allows it."
            : "https only; private and internal addresses are refused."
        }
        error={errors.url?.message}
      >
        <Input
          id="endpoint-url"
          type="url"
          placeholder="https://api.example.com/hooks/verify"
          autoComplete="off"
          invalid={!!errors.url}
          aria-describedby={describedBy("endpoint-url", { hint: true, error: errors.url })}
          {...form.register("url")}
        />
      </Field>
      <Field id="endpoint-description" label="Description (optional)" error={errors.description?.message}>
        <Input id="endpoint-description" maxLength={200} invalid={!!errors.description} {...form.register("description")} />
      </Field>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => {
          const value = field.value ?? [];
          const all = value.includes("*");
          const allSessions = value.includes("session.*");
          const toggle = (type: string, on: boolean) => field.onChange(on ? [...value.filter((v) => v !== "*"), type] : value.filter((v) => v !== type));
          return (
            <fieldset aria-describedby={errors.events ? "endpoint-events-error" : undefined}>
              <legend className="text-sm font-medium text-slate-800">Events to send</legend>
              <div className="mt-2 space-y-2">
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name="events-scope" className="size-4 accent-brand-600" checked={all} onChange={() => field.onChange(["*"])} />
                  All events
                </label>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="events-scope"
                    className="size-4 accent-brand-600"
                    checked={!all}
                    onChange={() => field.onChange(["session.approved", "session.declined", "session.review"])}
                  />
                  Selected events
                </label>
              </div>
              {!all ? (
                <div
                  className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1.5 rounded-md border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2"
                  data-testid="event-choices"
                >
                  <label className="flex items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2">
                    <Checkbox
                      className="size-4"
                      checked={allSessions}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked ? ["session.*", ...value.filter((v) => !v.startsWith("session."))] : value.filter((v) => v !== "session.*"),
                        )
                      }
                    />
                    All session events <span className="font-mono text-xs text-slate-500">session.*</span>
                  </label>
                  {EVENT_TYPES.map((type) => {
                    const covered = allSessions && type.startsWith("session.");
                    return (
                      <label key={type} className="flex min-w-0 items-center gap-2 font-mono text-[13px] break-all text-slate-700">
                        <Checkbox
                          className="size-4"
                          disabled={covered}
                          checked={covered || value.includes(type)}
                          onChange={(e) => toggle(type, e.target.checked)}
                        />
                        {type}
                      </label>
                    );
                  })}
                </div>
              ) : null}
              {errors.events ? (
                <p id="endpoint-events-error" className="mt-1.5 text-sm text-red-700">
                  {errors.events.message ?? "Choose at least one event."}
                </p>
              ) : null}
            </fieldset>
          );
        }}
      />
      <FormActions error={rootError} submitLabel={submitLabel} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
