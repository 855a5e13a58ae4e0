import { describe, expect, it } from "vitest";
import { isCardShaped, ZONE_TEMPLATES, zoneRect, zonesToReread } from "./zones";

describe("zone templates", () => {
  it("re-reads each zone of the unread fields once, and nothing for a type without a template", () => {
    const aadhaar = ZONE_TEMPLATES.aadhaar_card![0]!.zones;
    expect(zonesToReread("aadhaar_card", ["name", "gender"])).toEqual([aadhaar.name]);
    expect(zonesToReread("aadhaar_card", ["gender", "aadhaar_last4"])).toEqual([aadhaar.gender, aadhaar.aadhaar_last4]);
    expect(zonesToReread("aadhaar_card", [])).toEqual([]);
    expect(zonesToReread("gst_certificate", ["gstin"])).toEqual([]);
  });

  it("applies only to pages shaped like a card or a passport page", () => {
    expect(isCardShaped({ width: 1012, height: 638 })).toBe(true);
    expect(isCardShaped({ width: 1250, height: 880 })).toBe(true);
    expect(isCardShaped({ width: 1240, height: 1754 })).toBe(false); // A4 portrait
    expect(isCardShaped({ width: 1800, height: 1350 })).toBe(false); // a whole 4:3 photo, card not found
    expect(isCardShaped({})).toBe(false);
  });

  it("turns a zone into whole pixels of the page", () => {
    expect(zoneRect([0.2, 0.14, 0.8, 0.45], 1000, 600)).toEqual({ left: 200, top: 84, width: 600, height: 186 });
  });
});
