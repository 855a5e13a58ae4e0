/** The one list of the app's Inngest functions, served at /api/inngest (STYLE.md 5). */
import { deliverWebhook } from "./deliver-webhook";
import { fanOutEvent } from "./fan-out-event";
import { processSession } from "./process-session";
import { runDirectCheck } from "./run-direct-check";

export const functions = [processSession, fanOutEvent, deliverWebhook, runDirectCheck];
