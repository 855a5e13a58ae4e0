"use client";
/**
 * The flow's `Authorization` header for requests outside tRPC (the upload route), from the
 * client token FlowApp keeps in memory (decisions.md: the token only ever travels as a header).
 */
import { createContext, useContext } from "react";

export const FlowAuthContext = createContext<() => string | null>(() => null);

/** `() => "Bearer st_..."` (null before the token is read). */
export function useFlowAuthorization(): () => string | null {
  return useContext(FlowAuthContext);
}
