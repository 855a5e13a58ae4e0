import { describe, expect, it } from "vitest";
import type { OcrLine } from "../ocr/tesseract-ocr";
import { parseAadhaarCard } from "./aadhaar-card";
import { drivingLicenceProblem, parseDrivingLicence } from "./driving-licence";
import { parseGstCertificate } from "./gst-certificate";
import { parsePanCard } from "./pan-card";
import { cleanName, fitShape, parseDayFirstDate } from "./parse-common";
import { parseVoterId } from "./voter-id";

/** OCR pages from text: one line per entry, confidence 0.9 unless given as [text, confidence]. */
const page = (...lines: (string | [string, number])[]) => ({
  lines: lines.map(
    (l): OcrLine => (Array.isArray(l) ? { text: l[0], confidence: l[1], bbox: [0, 0, 0, 0] } : { text: l, confidence: 0.9, bbox: [0, 0, 0, 0] }),
  ),
});

describe("parse helpers", () => {
  it("reads day-first dates and refuses impossible ones", () => {
    expect(parseDayFirstDate("DOB: 14/08/1988")).toBe("1988-08-14");
    expect(parseDayFirstDate("03-02-1979")).toBe("1979-02-03");
    expect(parseDayFirstDate("31/02/1990")).toBeNull();
  });

  it("fixes OCR confusions by character class only", () => {
    expect(fitShape("ABCPEI234F", "AAAAA9999A")).toEqual({ value: "ABCPE1234F", corrected: 1 });
    expect(fitShape("A8CPE1234F", "AAAAA9999A")).toEqual({ value: "ABCPE1234F", corrected: 1 });
    expect(fitShape("ABCPE1234", "AAAAA9999A")).toBeNull();
  });

  it("cleans names to upper-case letters", () => {
    expect(cleanName(" Anita  Sharma. ")).toBe("ANITA SHARMA");
    expect(cleanName("12")).toBeNull();
  });
});

describe("PAN card", () => {
  it("reads a labelled card and validates the PAN with the checks engine", () => {
    const r = parsePanCard([
      page("INCOME TAX DEPARTMENT GOVT. OF INDIA", "ABCPE1234F", "Name", "ANITA SHARMA", "Father's Name", "RAJESH SHARMA", "Date of Birth", "14/08/1988"),
    ]);
    expect(r.fields.pan).toMatchObject({ value: "ABCPE1234F", valid: true, problem: null, confidence: 0.9 });
    expect(r.fields.name?.value).toBe("ANITA SHARMA");
    expect(r.fields.father_name?.value).toBe("RAJESH SHARMA");
    expect(r.fields.date_of_birth?.value).toBe("1988-08-14");
  });

  it("corrects a misread digit at a lower confidence", () => {
    const r = parsePanCard([page("ABCPE12B4F")]);
    expect(r.fields.pan?.value).toBe("ABCPE1284F");
    expect(r.fields.pan!.confidence).toBeLessThan(0.9);
  });

  it("flags a PAN whose 4th letter is no holder type (structure check)", () => {
    const r = parsePanCard([page("ABCDE1234F")]);
    expect(r.fields.pan).toMatchObject({ value: "ABCDE1234F", valid: false, problem: "pan_holder_type_invalid" });
  });

  it("reads an older card without labels", () => {
    const r = parsePanCard([page("INCOME TAX DEPARTMENT", "RAVI KUMAR", "SURESH KUMAR", "01/01/1990", "Permanent Account Number", "ABCPE1234F")]);
    expect(r.fields.name?.value).toBe("RAVI KUMAR");
    expect(r.fields.father_name?.value).toBe("SURESH KUMAR");
    expect(r.fields.date_of_birth?.value).toBe("1990-01-01");
  });
});

describe("Aadhaar card", () => {
  it("keeps only the last 4 digits of a full number, checked with Verhoeff", () => {
    const ok = parseAadhaarCard([page("Anita Sharma", "DOB: 14/08/1988", "FEMALE", "9999 9999 0019")]);
    expect(ok.fields.aadhaar_last4).toMatchObject({ value: "0019", valid: true });
    expect(JSON.stringify(ok)).not.toContain("99999999");
    const bad = parseAadhaarCard([page("9999 9999 0018")]);
    expect(bad.fields.aadhaar_last4).toMatchObject({ value: "0018", valid: false, problem: "aadhaar_checksum_invalid" });
  });

  it("reads masked numbers and ignores a 16-digit VID", () => {
    expect(parseAadhaarCard([page("XXXX XXXX 4821")]).fields.aadhaar_last4?.value).toBe("4821");
    expect(parseAadhaarCard([page("VID : 9134 5678 9012 3456")]).fields.aadhaar_last4).toBeUndefined();
  });

  it("reads name, gender and address across both sides", () => {
    const r = parseAadhaarCard([
      page("GOVERNMENT OF INDIA", "Anita Sharma", "DOB: 14/08/1988", "महिला / FEMALE"),
      page("Address:", "W/O Rajesh Sharma, 12 MG Road,", "Pune, Maharashtra - 411005", "XXXX XXXX 4821"),
    ]);
    expect(r.fields).toMatchObject({
      name: { value: "ANITA SHARMA" },
      gender: { value: "female" },
      address: { value: "W/O RAJESH SHARMA, 12 MG ROAD, PUNE, MAHARASHTRA - 411005" },
    });
  });
});

describe("voter ID, driving licence, GST certificate", () => {
  it("reads a voter ID", () => {
    const r = parseVoterId([
      page(
        "ELECTION COMMISSION OF INDIA",
        "IDENTITY CARD XYZ1234567",
        "Elector's Name : Vikram Singh",
        "Father's Name : Harpal Singh",
        "Date of Birth : 03/02/1979",
      ),
    ]);
    expect(Object.fromEntries(Object.entries(r.fields).map(([k, v]) => [k, v.value]))).toEqual({
      epic_number: "XYZ1234567",
      name: "VIKRAM SINGH",
      relative_name: "HARPAL SINGH",
      date_of_birth: "1979-02-03",
    });
  });

  it("reads a licence number with spaces and checks its state code and year", () => {
    const r = parseDrivingLicence([page("DL No. MH14 20110062821", "Name : Vikram Singh", "DOB : 03-02-1979", "Valid Till : 14-06-2031 (NT)")]);
    expect(r.fields.dl_number).toMatchObject({ value: "MH1420110062821", valid: true });
    expect(r.fields.valid_till?.value).toBe("2031-06-14");
    expect(drivingLicenceProblem("MH1420990062821", new Date("2026-01-01"))).toBe("dl_year_invalid");
    expect(drivingLicenceProblem("XX1420110062821")).toBe("dl_state_code_invalid");
  });

  it("validates the GSTIN check character", () => {
    const good = parseGstCertificate([page("Registration Number : 27ABCCE1234F1Z2", "1. Legal Name : EXAMPLE CRAFTS PRIVATE LIMITED")]);
    expect(good.fields.gstin).toMatchObject({ value: "27ABCCE1234F1Z2", valid: true });
    expect(good.fields.legal_name?.value).toBe("EXAMPLE CRAFTS PRIVATE LIMITED");
    const bad = parseGstCertificate([page("Registration Number : 27ABCCE1234F1Z5")]);
    expect(bad.fields.gstin).toMatchObject({ valid: false, problem: "gstin_checksum_invalid" });
  });
});

describe("OCR slips seen on phone photos", () => {
  it("restores the literal Z of a GSTIN read as 2", () => {
    expect(parseGstCertificate([page("Registration Number : 27ABCCE1234F122")]).fields.gstin).toMatchObject({ value: "27ABCCE1234F1Z2", valid: true });
  });

  it("finds the Aadhaar name above a DOB line whose date is unreadable", () => {
    const r = parseAadhaarCard([page("GOVERNMENT OF INDIA", "Anita Sharma", "DOB: 14/0811 988")]);
    expect(r.fields.name?.value).toBe("ANITA SHARMA");
    expect(r.fields.date_of_birth).toBeUndefined();
  });
});
