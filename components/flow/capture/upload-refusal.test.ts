import { describe, expect, it } from "vitest";
import { en } from "../i18n/en";
import { hi } from "../i18n/hi";
import { uploadRefusal } from "./upload-refusal";

describe("uploadRefusal", () => {
  it("asks for another file when the file is the problem, whether or not the scanner is up", () => {
    for (const code of ["file_infected", "file_type_not_allowed", "file_too_large", "file_unreadable", "aadhaar_unreadable", "file_encrypted", "file_no_pages"])
      expect(uploadRefusal(code).cause).toBe("file");
    expect(uploadRefusal("file_type_not_allowed").message).toEqual({ ns: "documents", key: "refusedType" });
    expect(uploadRefusal("aadhaar_unreadable").message).toEqual({ ns: "documents", key: "refusedAadhaarUnclear" });
  });

  it("offers the same file again for an outage, and only going back when no scanner is configured", () => {
    expect(uploadRefusal("scanner_unavailable")).toEqual({ message: { ns: "documents", key: "refusedScanner" }, cause: "transient" });
    expect(uploadRefusal("network").cause).toBe("transient");
    expect(uploadRefusal("something_new")).toEqual({ message: { ns: "errors", key: "generic" }, cause: "transient" });
    expect(uploadRefusal("scanner_not_configured")).toEqual({ message: { ns: "documents", key: "refusedNotConfigured" }, cause: "not_configured" });
    expect(uploadRefusal("toString").cause).toBe("transient");
  });

  it("has every message in English and Hindi, and says 'not set up', not 'try again', when no scanner is configured", () => {
    for (const code of [
      "file_infected",
      "file_type_not_allowed",
      "file_too_large",
      "file_unreadable",
      "aadhaar_unreadable",
      "file_encrypted",
      "file_no_pages",
      "scanner_unavailable",
      "scanner_not_configured",
      "network",
      "x",
    ]) {
      const { ns, key } = uploadRefusal(code).message;
      for (const dict of [en, hi]) expect((dict[ns] as Record<string, string>)[key], `${code} ${ns}.${key}`).toBeTruthy();
    }
    expect(en.documents.refusedNotConfigured).toMatch(/isn't set up to accept files/);
    expect(en.documents.refusedNotConfigured).not.toMatch(/try again/i);
    expect(en.documents.retryLater).toBe("Try again");
    expect(hi.documents.retryLater).toBeTruthy();
  });
});
