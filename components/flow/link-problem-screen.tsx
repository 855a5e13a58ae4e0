"use client";
import { useTranslations } from "use-intl";
import { MessageScreen } from "./flow-shell";

/** Why the flow cannot go on (server/flow/flow-session.ts TokenFailureReason), and whose it is. */
export interface LinkProblem {
  reason: "token_expired" | "token_replaced" | "session_cancelled" | "session_expired" | "invalid";
  org: string | null;
  /** The session's flow language when the server knows the session (a token of it), else absent. */
  locale?: string | null;
}

/**
 * One honest screen per reason: an idle link (30 minutes), a link replaced by a newer one, an
 * expired or cancelled verification, or a broken link. Each says what to do next.
 */
export function LinkProblemScreen({ problem }: { problem: LinkProblem }) {
  const t = useTranslations("link");
  const org = problem.org ?? t("theBusiness");
  const copy = {
    token_expired: { title: t("expiredTitle"), body: t("expiredBody", { org }), tone: "warning" as const },
    token_replaced: { title: t("replacedTitle"), body: t("replacedBody", { org }), tone: "info" as const },
    session_expired: { title: t("sessionExpiredTitle"), body: t("sessionExpiredBody", { org }), tone: "warning" as const },
    session_cancelled: { title: t("cancelledTitle"), body: t("cancelledBody", { org }), tone: "neutral" as const },
    invalid: { title: t("invalidTitle"), body: t("invalidBody"), tone: "warning" as const },
  }[problem.reason] ?? { title: t("invalidTitle"), body: t("invalidBody"), tone: "warning" as const };
  return (
    <MessageScreen tone={copy.tone} title={copy.title} testId="flow-link-problem" status={problem.reason}>
      <p>{copy.body}</p>
    </MessageScreen>
  );
}
