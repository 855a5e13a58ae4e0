"use client";
/**
 * The flow's first screen in the server's HTML (issue 18, "fast on a cheap phone"). The client
 * token is in the URL fragment, so the server cannot load the session's state; it can load what
 * the state holds of the workflow and the project, not of the applicant (`getFlowPreview`,
 * server/flow/flow-state.ts), and render the current step from it with the flow's own
 * components. The browser paints that screen with the HTML, before any script has run.
 *
 * It is a picture of the screen, never live: it is `inert` (nothing in it can be focused,
 * ticked or submitted; also `aria-disabled`, so automation waits for the live controls instead of
 * typing into the picture) and never hydrated (`ServerHtml`: no effect of a step runs for it). The
 * app replaces it with the live screen once it has the token and the session's state
 * (components/flow/flow-app.tsx), which normally looks the same, so nothing moves; the live
 * screen also removes a picture React did not (`removeFirstPaint`).
 */
import type { FlowPreview } from "~/server/flow/flow-state";
import { FlowShell } from "./flow-shell";
import type { FlowState } from "./flow-types";
import { FlowIntl } from "./i18n/flow-intl";
import { isLocale, type Locale } from "./i18n/locales";
import { StepScreen } from "./step-screen";

/** The state of a preview: what the applicant entered and the device's part are empty (a first pass on this device). */
export function previewState(preview: FlowPreview): FlowState {
  return {
    ...preview,
    session: { ...preview.session, redirectUrl: null, prefill: {}, resubmission: null, decisionReason: null, expiresAt: "" },
    steps: preview.steps.map((s) => ({ ...s, values: null, otp: null })),
    device: { active: true },
    kyb: null,
  };
}

/**
 * `children` rendered on the server only: in the browser the element is hydrated without
 * children (React then leaves the server's HTML inside it as it is and never renders, hydrates
 * or runs effects for it). Not a Suspense boundary: React streams a large boundary's content
 * after its fallback, which would paint the spinner first.
 */
function ServerHtml({ children, ...props }: { children: React.ReactNode } & React.ComponentProps<"div">) {
  if (typeof window === "undefined") return <div {...props}>{children}</div>;
  return <div {...props} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}

const FIRST_PAINT_TEST_ID = "flow-first-paint";

/**
 * Removes the server's picture of the first screen from the document once the live screen is
 * shown. React normally removes it when it stops rendering `FirstPaint`; when hydration was cut
 * short (a state update while React was still hydrating), the server's nodes can stay behind the
 * live screen, and a second copy of every field would confuse the applicant's browser and any
 * automation. Nothing renders the picture after the live screen, so no node React owns is removed.
 */
export function removeFirstPaint(): void {
  for (const node of document.querySelectorAll(`[data-testid="${FIRST_PAINT_TEST_ID}"]`)) node.remove();
}

/**
 * The preview's screen in `locale` (whose messages the page has). A step whose component fails
 * to render on the server shows its loading spinner instead (next/dynamic's boundary).
 */
export function FirstPaint({ sessionId, preview, locale }: { sessionId: string; preview: FlowPreview; locale: Locale }) {
  const state = previewState(preview);
  return (
    <ServerHtml inert aria-busy="true" aria-disabled="true" data-testid={FIRST_PAINT_TEST_ID}>
      <FlowIntl locale={locale}>
        <FlowShell
          locale={locale}
          organizationName={state.session.organizationName}
          branding={state.session.branding}
          testMode={state.session.mode === "test"}
          languages={state.session.languages.filter(isLocale)}
          onLocaleChange={() => undefined}
        >
          <StepScreen sessionId={sessionId} state={state} locale={locale} />
        </FlowShell>
      </FlowIntl>
    </ServerHtml>
  );
}
