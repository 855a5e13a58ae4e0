/**
 * What the hosted flow of a KYB session shows beyond its steps (part of the `flow.state`
 * query): the MCA21 directors that prefill `key_people`, the key people's sessions with their
 * status, and whether the business is waiting for them.
 */
import type { Db } from "../db";
import type { SessionStatus } from "../generated/prisma/enums";
import { accountMailConfig } from "../users/mail-config";
import { registryDirectors } from "./business-checks";
import { keyPeopleStatuses, SETTLED_STATUSES } from "./key-people";

export interface KybFlowState {
  /** Directors (designated partners) of the MCA21 answer, for the `key_people` prefill. */
  directors: Awaited<ReturnType<typeof registryDirectors>>;
  /** Key people with a KYC session of their own, in the order entered. */
  keyPeople: Awaited<ReturnType<typeof keyPeopleStatuses>>;
  /** Every step is done and the business waits for its key people's verifications. */
  waiting: boolean;
  /** Invitations are emailed (SMTP configured); else the applicant shares the links. */
  emailEnabled: boolean;
}

/** The KYB part of the flow state of session `s` (its steps with their data, its status, whether a step is still open). */
export async function kybFlowState(
  db: Db,
  s: { id: string; status: SessionStatus; steps: readonly { type: string; data: unknown }[] },
  stepsOpen: boolean,
): Promise<KybFlowState> {
  const [directors, keyPeople] = await Promise.all([registryDirectors(db, s.id), keyPeopleStatuses(db, s.id, s.steps)]);
  const waiting = s.status === "in_progress" && !stepsOpen && keyPeople.some((p) => !SETTLED_STATUSES.includes(p.status));
  return { directors, keyPeople, waiting, emailEnabled: accountMailConfig() !== null };
}
