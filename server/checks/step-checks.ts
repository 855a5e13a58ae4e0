/** Which checks a submitted step produces (the session pipeline's map from steps to checks). */
import { ZPanSettings } from "../workflows/workflow.schemas";

export interface PlannedCheck {
  key: string;
  input: Record<string, unknown>;
}

export function checksForStep(type: string, settings: Record<string, unknown>, data: unknown): PlannedCheck[] {
  const d = (data ?? {}) as Record<string, unknown>;
  switch (type) {
    case "pan": {
      const { holder } = ZPanSettings.parse(settings);
      return [{ key: "in.pan.verify", input: { pan: d.pan, name: d.name, dob: d.dob, holder } }];
    }
    default:
      return [];
  }
}
