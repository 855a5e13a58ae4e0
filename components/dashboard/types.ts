import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type Me = Outputs["me"]["get"];
export type SessionListItem = Outputs["sessions"]["list"]["data"][number];
export type SessionCase = Outputs["sessions"]["get"];
export type CaseSession = SessionCase["session"];
export type CaseStep = SessionCase["steps"][number];
export type CaseCheck = NonNullable<CaseSession["checks"]>[number];
export type HistoryEntry = SessionCase["history"][number];
export type ReasonCode = Outputs["review"]["reasonCodes"][number];
export type Mode = "test" | "live";
export type Role = Me["organizations"][number]["role"];
