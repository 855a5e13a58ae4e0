/**
 * The shared code screen (./otp-code-form.tsx) as the `phone` / `email` and CKYC steps render it:
 * the code input's attributes, the caller's test ids (absent ones not set), the countdown only
 * while a new code cannot be asked for, and a field error translated only when it is a schema key.
 */
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "use-intl";
import { describe, expect, it } from "vitest";
import { en } from "./i18n/en";
import { OtpCodeForm } from "./otp-code-form";

type Props = ComponentProps<typeof OtpCodeForm>;

const BASE: Props = {
  onSubmit: async () => {},
  title: "Enter the code",
  sentTo: "We sent a code to ******3210.",
  changeLabel: "Change number",
  onChange: () => {},
  sandboxNote: null,
  label: "Code",
  field: { name: "code", onChange: async () => {}, onBlur: async () => {}, ref: () => {} },
  error: undefined,
  notice: null,
  formError: null,
  verifying: false,
  resendLabel: "Send a new code",
  onResend: () => {},
  resending: false,
  resendIn: 0,
  resendInText: "in 0:12",
  testIds: { change: "otp-change", field: "field-code", resend: "otp-resend", countdown: "otp-resend-countdown" },
};

/** The intl settings of the flow's English pages (children are passed to `createElement`). */
const INTL = { locale: "en", messages: en, timeZone: "Asia/Kolkata" } as ComponentProps<typeof IntlProvider>;

function render(props: Partial<Props> = {}): string {
  return renderToStaticMarkup(createElement(IntlProvider, INTL, createElement(OtpCodeForm, { ...BASE, ...props })));
}

/** The opening tag of the element with `data-testid` `id` (the markup is React's static HTML). */
function tag(html: string, id: string): string {
  const found = new RegExp(`<[a-z]+ [^>]*data-testid="${id}"[^>]*>`).exec(html);
  if (!found) throw new Error(`no element with data-testid="${id}" in ${html}`);
  return found[0];
}

/** The text of the element with `data-testid` `id` that holds only text (or a spinner-free label). */
function text(html: string, id: string): string {
  const found = new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html);
  if (!found) throw new Error(`no text of data-testid="${id}" in ${html}`);
  return found[1]!;
}

describe("OtpCodeForm", () => {
  it("renders one numeric one-time-code input of 6 digits with the caller's label and test ids", () => {
    const html = render();
    const input = tag(html, "field-code");
    expect(input).toMatch(/autoComplete="one-time-code"|autocomplete="one-time-code"/);
    expect(input).toMatch(/inputMode="numeric"|inputmode="numeric"/);
    expect(input).toMatch(/maxLength="6"|maxlength="6"/);
    expect(input).toContain('name="code"');
    const inputId = /\bid="([^"]+)"/.exec(input)![1]!;
    expect(html).toContain(`for="${inputId}"`);
    expect(html).toMatch(new RegExp(`<label[^>]*for="${inputId}"[^>]*>Code<`));
    expect(text(html, "otp-change")).toBe("Change number");
    expect(html).toMatch(/^<form novalidate="">/i);
    expect(html).toMatch(/<button type="submit"(?![^>]*data-testid)[^>]*>Verify<\/button>/);
  });

  it("disables 'Send a new code' and shows the countdown only while resendIn > 0", () => {
    const waiting = render({ resendIn: 12 });
    expect(tag(waiting, "otp-resend")).toMatch(/ disabled=""/);
    expect(text(waiting, "otp-resend-countdown")).toBe("in 0:12");
    const now = render({ resendIn: 0 });
    expect(tag(now, "otp-resend")).not.toMatch(/ disabled=""/);
    expect(text(now, "otp-resend-countdown")).toBe("");
  });

  it("translates a schema key but shows a server message as it is", () => {
    const schema = render({ error: { type: "too_small", message: "code_invalid" } });
    expect(tag(schema, "field-code")).toContain('aria-invalid="true"');
    expect(schema).toContain("Enter the 6-digit code.");
    const server = render({ error: { type: "server", message: "2 attempts left" } });
    expect(server).toContain("2 attempts left");
    expect(server).not.toContain("Please check this field");
    expect(tag(render(), "field-code")).not.toContain('aria-invalid="true"');
  });

  it("sets every test id of the CKYC screen and disables Verify when asked", () => {
    const html = render({
      verifyDisabled: true,
      sandboxNote: "Use 123456",
      notice: "A new code was sent.",
      formError: "Something went wrong.",
      testIds: {
        form: "ckyc-code-form",
        change: "ckyc-change",
        field: "field-ckyc-otp",
        verify: "ckyc-verify",
        resend: "ckyc-resend",
        countdown: "ckyc-resend-countdown",
      },
    });
    expect(tag(html, "ckyc-code-form")).toMatch(/^<form /);
    expect(tag(html, "ckyc-verify")).toMatch(/ disabled=""/);
    for (const id of ["ckyc-change", "field-ckyc-otp", "ckyc-resend", "ckyc-resend-countdown"]) expect(() => tag(html, id)).not.toThrow();
    expect(text(html, "sandbox-hint")).toBe("Use 123456");
    expect(html).toMatch(/role="status"[^>]*>A new code was sent\.</);
    expect(html).toMatch(/role="alert"[^>]*>Something went wrong\.</);
  });
});
