/** The one list of the app's Inngest functions, served at /api/inngest (STYLE.md 5). */
import { advanceParent } from "./advance-parent-session";
import { deliverWebhook } from "./deliver-webhook";
import { disableFailingEndpoints } from "./disable-failing-endpoints";
import { emitReviewsDue } from "./emit-reviews-due";
import { enforceRetention } from "./enforce-retention";
import { expireSessions } from "./expire-sessions";
import { extractDocument } from "./extract-document";
import { fanOutEvent } from "./fan-out-event";
import { fetchScreeningLists } from "./fetch-screening-lists";
import { inviteKeyPerson } from "./invite-key-person";
import { monitorListVersion } from "./monitor-list-version";
import { monitorScreeningDaily } from "./monitor-screening-daily";
import { pollAwaitingCheck } from "./poll-awaiting-check";
import { processSession } from "./process-session";
import { pruneEvents } from "./prune-events";
import { pruneLoginThrottles } from "./prune-login-throttles";
import { pruneRuns } from "./prune-runs";
import { runDirectCheck } from "./run-direct-check";
import { uploadCkycRecord } from "./upload-ckyc-record";

export const functions = [
  processSession,
  fanOutEvent,
  deliverWebhook,
  runDirectCheck,
  pollAwaitingCheck,
  pruneEvents,
  pruneLoginThrottles,
  pruneRuns,
  disableFailingEndpoints,
  expireSessions,
  enforceRetention,
  extractDocument,
  advanceParent,
  inviteKeyPerson,
  uploadCkycRecord,
  monitorListVersion,
  monitorScreeningDaily,
  fetchScreeningLists,
  emitReviewsDue,
];
