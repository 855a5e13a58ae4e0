"use client";
/** "Move up" / "Move down" buttons of an item in an ordered list; keyboard focus follows the moved item. */
import { Button } from "~/components/ui/button";

export function MoveButtons({
  name,
  index,
  count,
  onMove,
  idPrefix,
}: {
  /** What is moved, for the buttons' accessible names ("Move consent up"). */
  name: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  /** Prefix of the buttons' ids (`<prefix>-up`, `<prefix>-down`) after the move, to keep focus on the moved item. */
  idPrefix: string;
}) {
  const move = (direction: "up" | "down") => {
    onMove(index, direction === "up" ? index - 1 : index + 1);
    // the moved item re-renders elsewhere in the list: put focus back on its button
    requestAnimationFrame(() => {
      const target = document.getElementById(`${idPrefix}-${direction}`) as HTMLButtonElement | null;
      (target && !target.disabled ? target : document.getElementById(`${idPrefix}-${direction === "up" ? "down" : "up"}`))?.focus();
    });
  };
  return (
    <span className="flex shrink-0 items-center gap-1">
      {DIRECTIONS.map(({ direction, title, arrow }) => (
        <Button
          key={direction}
          id={`${idPrefix}-${direction}`}
          variant="ghost"
          size="sm"
          aria-label={`Move ${name} ${direction}`}
          title={title}
          disabled={direction === "up" ? index === 0 : index === count - 1}
          onClick={() => move(direction)}
        >
          <Arrow d={arrow} />
        </Button>
      ))}
    </span>
  );
}

const DIRECTIONS = [
  { direction: "up", title: "Move up", arrow: "M10 15V5m0 0-4 4m4-4 4 4" },
  { direction: "down", title: "Move down", arrow: "M10 5v10m0 0-4-4m4 4 4-4" },
] as const;

function Arrow({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true" className="size-4">
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}
