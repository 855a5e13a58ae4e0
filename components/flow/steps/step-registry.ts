/**
 * Which component renders each step type. A new type plugs in as
 * components/flow/steps/<type>-step.tsx plus one line here.
 */
import type { ComponentType } from "react";
import type { StepProps } from "../flow-types";
import { ConsentStep } from "./consent-step";
import { PanStep } from "./pan-step";
import { UnsupportedStep } from "./unsupported-step";

const STEP_COMPONENTS: Partial<Record<string, ComponentType<StepProps>>> = {
  consent: ConsentStep,
  pan: PanStep,
};

export function stepComponent(type: string): ComponentType<StepProps> {
  return STEP_COMPONENTS[type] ?? UnsupportedStep;
}
