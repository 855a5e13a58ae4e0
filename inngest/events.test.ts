/**
 * The functions listen only to declared internal events (server/events/internal-events.ts),
 * through SDK event types that carry the declared schema, and every declared event other than
 * the public relays has its consumer.
 */
import { expect, it } from "vitest";
import * as internal from "../server/events/internal-events";
import * as sdk from "./events";
import { functions } from "./functions";

const declared = [
  ...Object.values(internal.PUBLIC_EVENT_RELAYS),
  ...Object.values(internal as Record<string, unknown>).filter(
    (v): v is internal.InternalEvent => typeof v === "object" && v !== null && "name" in v && "schema" in v,
  ),
];
const sdkEvents = Object.values(sdk).flat();

function triggerNames(f: (typeof functions)[number]): string[] {
  const triggers = (f as unknown as { opts: { triggers?: { event?: string }[] } }).opts.triggers ?? [];
  return triggers.flatMap((t) => (t.event ? [t.event] : []));
}

it("wraps each declared event with the SDK under its name and schema", () => {
  for (const e of sdkEvents) {
    const declaration = declared.find((d) => d.name === e.name);
    expect(declaration, e.name).toBeDefined();
    expect(e.schema).toBe(declaration!.schema);
  }
  expect(new Set(sdkEvents.map((e) => e.name))).toEqual(new Set(declared.map((d) => d.name)));
});

it("triggers functions on declared events only, and every internal event has a consumer", () => {
  const names = new Set(declared.map((d) => d.name));
  const triggered = new Set(functions.flatMap(triggerNames));
  expect([...triggered].filter((name) => !names.has(name))).toEqual([]);
  const relays = new Set<string>(Object.values(internal.PUBLIC_EVENT_RELAYS).map((r) => r.name));
  expect([...names].filter((name) => !relays.has(name) && !triggered.has(name))).toEqual([]);
});
