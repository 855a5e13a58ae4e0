"use client";
/** A time to live in seconds, edited as a number and a unit (minutes, hours, days). */
import { useState } from "react";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";

const UNITS = [
  { seconds: 86_400, label: "days" },
  { seconds: 3600, label: "hours" },
  { seconds: 60, label: "minutes" },
] as const;

/** The largest unit that divides `seconds` exactly. */
function unitOf(seconds: number): number {
  return UNITS.find((u) => seconds > 0 && seconds % u.seconds === 0)?.seconds ?? 60;
}

export function TtlField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: number | undefined;
  onChange: (seconds: number | undefined) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [unit, setUnit] = useState(() => unitOf(value ?? 0));
  const amount = value === undefined ? "" : String(Math.round((value / unit) * 100) / 100);
  return (
    <div className="flex items-center gap-2">
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        className="w-28"
        value={amount}
        invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value === "" ? undefined : Math.round(Number(e.target.value) * unit))}
      />
      <Select
        aria-label="Unit"
        className="w-32"
        value={unit}
        onChange={(e) => {
          const next = Number(e.target.value);
          setUnit(next);
          if (value !== undefined) onChange(Math.round((value / unit) * next));
        }}
      >
        {UNITS.map((u) => (
          <option key={u.seconds} value={u.seconds}>
            {u.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
