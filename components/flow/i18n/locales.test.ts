import { beforeEach, describe, expect, it, vi } from "vitest";

// a fresh module per test: the loaded parts are module state
beforeEach(() => vi.resetModules());
const load = () => import("./locales");

describe("the flow's messages in two parts", () => {
  it("English has its first part with the page and the step screens' part once loaded", async () => {
    const { messagesIfLoaded, stepMessages } = await load();
    const before = messagesIfLoaded("en")!;
    expect(before.consent.title).toBeTruthy();
    expect("pan" in before).toBe(false);
    await stepMessages("en");
    const after = messagesIfLoaded("en")!;
    expect(after).not.toBe(before); // a new object: use-intl's provider sees the change
    expect(after.pan.title).toBe((await import("./en")).en.pan.title);
    expect(after.consent.title).toBe(before.consent.title);
  });

  it("another language has nothing until its first part is loaded or seeded, and the same promise for its step part", async () => {
    const { loadFirstMessages, messagesIfLoaded, stepMessages } = await load();
    expect(messagesIfLoaded("hi")).toBeUndefined();
    const first = await loadFirstMessages("hi");
    expect(first).toBe((await import("./hi-first")).hiFirst);
    expect("pan" in messagesIfLoaded("hi")!).toBe(false);
    expect(stepMessages("hi")).toBe(stepMessages("hi"));
    await stepMessages("hi");
    expect(messagesIfLoaded("hi")!.pan.title).toBe((await import("./hi")).hi.pan.title);
  });

  it("a language switched to after a step screen loaded its part comes with its step part too", async () => {
    const { loadMessages, seedMessages, stepMessages } = await load();
    const { hiFirst } = await import("./hi-first");
    expect("pan" in (await loadMessages("en"))).toBe(false); // no step screen yet
    await stepMessages("en");
    seedMessages("hi", hiFirst as never);
    expect((await loadMessages("hi")).pan.title).toBe((await import("./hi")).hi.pan.title);
  });
});
