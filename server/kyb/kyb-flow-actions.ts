/**
 * The hosted flow's KYB calls besides submitting steps (client token of the business's
 * session): the bank of an IFSC as the applicant types it, and a key person's invitation link
 * (copy, email again, withdraw or replace) while the business waits for them.
 */
import type { Db } from "../db";
import { ifscProblem, normalizeIfsc } from "../checks/validators/ifsc";
import { type FlowContext, authenticateFlow } from "../flow/flow-session";
import { lookupIfsc } from "../providers/offline-dataset";
import { changeKeyPersonInviteIn, issueKeyPersonLink, resendKeyPersonInvite } from "./key-people";
import type { InviteChange } from "./key-person-invite";

/**
 * The bank of an IFSC from the RBI list (the offline dataset that answers `in.ifsc.lookup`, the
 * same in test and live mode). No check is recorded: the penny drop of the `bank_account`
 * step checks the account itself.
 * @returns `exists: false` for a malformed or unknown code.
 */
export async function lookupBankBranch(db: Db, ctx: FlowContext, raw: string): Promise<{ ifsc: string; exists: boolean; bank_name: string | null }> {
  await authenticateFlow(db, ctx);
  const ifsc = normalizeIfsc(raw);
  if (ifscProblem(ifsc)) return { ifsc, exists: false, bank_name: null };
  const branch = await lookupIfsc(ifsc);
  return { ifsc, exists: branch.exists, bank_name: branch.exists ? branch.bank_name : null };
}

/** The invitation link of a key person's session, for the applicant to share (server/kyb/key-people.ts `issueKeyPersonLink`). */
export async function keyPersonLink(db: Db, ctx: FlowContext, childId: string): Promise<{ url: string }> {
  await authenticateFlow(db, ctx);
  return issueKeyPersonLink(db, ctx.sessionId, childId, { type: "applicant", id: ctx.sessionId, ip: ctx.ip });
}

/** Emails a key person their link again. */
export async function resendKeyPersonEmail(db: Db, ctx: FlowContext, childId: string): Promise<{ queued: true }> {
  await authenticateFlow(db, ctx);
  return resendKeyPersonInvite(db, ctx.sessionId, childId);
}

/** Withdraws or replaces a key person's invitation (server/kyb/key-people.ts `changeKeyPersonInviteIn`), audited as the applicant. */
export async function changeKeyPersonInviteFromFlow(db: Db, ctx: FlowContext, childId: string, change: InviteChange): Promise<{ url: string | null }> {
  await authenticateFlow(db, ctx);
  return changeKeyPersonInviteIn(db, { parentId: ctx.sessionId }, childId, change, { type: "applicant", id: ctx.sessionId, ip: ctx.ip });
}
