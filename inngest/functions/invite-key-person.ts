/**
 * Emails a KYB key person the link to their own KYC session, after the transaction that
 * created it (or the applicant's "resend") committed. The link is the child session's durable
 * invitation link (server/kyb/key-person-invite.ts), the same in every email. A failed send is
 * retried; without SMTP settings nothing is sent (the applicant shares the links from the flow).
 */
import { getDb } from "../../server/db";
import { sendKeyPersonInvite } from "../../server/kyb/send-key-person-invite";
import { inngest } from "../client";
import { keyPersonInviteRequested } from "../events";

export const inviteKeyPerson = inngest.createFunction(
  {
    id: "invite-key-person",
    triggers: [keyPersonInviteRequested],
    retries: 3,
    concurrency: { key: "event.data.projectId", limit: 5 },
    onFailure: async ({ event, error }) => {
      console.error(`[invite-key-person] ${(event.data.event.data as { sessionId?: string }).sessionId ?? "?"}: ${error.message}`);
    },
  },
  async ({ event, step }) => step.run("send-invite", async () => sendKeyPersonInvite(await getDb(), event.data.sessionId)),
);
