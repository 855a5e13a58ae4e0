"use client";
/** Lets the review step open a submitted step for editing (provided by step-screen.tsx). */
import { createContext, useContext } from "react";

export const EditStepContext = createContext<(step: string) => void>(() => {});

/** `edit(stepName)`: show that submitted step again; after it is saved the applicant returns to the summary. */
export function useEditStep(): (step: string) => void {
  return useContext(EditStepContext);
}
