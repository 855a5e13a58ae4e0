import { describe, expect, it } from "vitest";
import type { OcrLine } from "../ocr/tesseract-ocr";
import { parseAadhaarCard } from "./aadhaar-card";
import { parseDrivingLicence } from "./driving-licence";
import { parseGstCertificate } from "./gst-certificate";
import { parsePanCard } from "./pan-card";
import { cleanName, field, findCode, fitShape, labelValue, parseDayFirstDate, personName, put } from "./parse-common";
import { parsePassport } from "./passport";
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

  it("corrects a misread digit, at a lower confidence that needs review", () => {
    const r = parsePanCard([page("ABCPE12B4F")]);
    expect(r.fields.pan).toMatchObject({ value: "ABCPE1284F", valid: false, validity: "needs_review", problem: "ocr_low_confidence" });
    expect(r.fields.pan!.confidence).toBeLessThan(0.9);
  });

  it("flags a PAN whose 4th letter is no holder type (structure check)", () => {
    const r = parsePanCard([page("ABCDE1234F")]);
    expect(r.fields.pan).toMatchObject({ value: "ABCDE1234F", valid: false, validity: "invalid", problem: "pan_holder_type_invalid" });
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
    expect(parseDrivingLicence([page("DL No. MH14 20990062821")]).fields.dl_number).toMatchObject({ valid: false, problem: "dl_year_invalid" });
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

describe("labels anywhere on a line, names and codes", () => {
  it("finds a label after the Hindi one, not inside a longer label", () => {
    const lines = page("fret aT ATH / Father's Name", "SURESH KUMAR", "ATH / Name", "RAVI KUMAR").lines;
    expect(labelValue(lines, /(?<!father\W{0,3}s?\W{0,3})name/, { nextLineOnly: true })?.text).toBe("RAVI KUMAR");
    expect(labelValue(lines, /father\W{0,3}s?\W{0,3}name/, { nextLineOnly: true })?.text).toBe("SURESH KUMAR");
    // a whole word only: not the "name" of NAMEETA
    expect(labelValue(page("NAMEETA", "X").lines, /name/)).toBeNull();
  });

  it("takes the first following line a value test accepts", () => {
    const lines = page("STAT / Surname", "ae aT", "NAIR").lines;
    expect(labelValue(lines, /surname/, { nextLineOnly: true, within: 2, accept: (t) => personName(t) !== null })?.text).toBe("NAIR");
  });

  it("tells printed names from the garbage English OCR makes of Hindi", () => {
    for (const n of ["RAVI KUMAR", "Anita Sharma", "K. S. RAO", "MD IRFAN", "D'SOUZA", "NAIR"]) expect(personName(n), n).not.toBeNull();
    for (const g of ["fiat at ATH", "STAR fasnT", "TRA WRHTN", "ATH / Name", "01/01/1990", "ab", "eam eat den are"]) expect(personName(g), g).toBeNull();
  });

  it("joins a licence number across a space or hyphen, never into the next word", () => {
    for (const text of ["DL No. MH12 20110012345 DOI: 12-05-2011", "MH-1220110012345 Valid Till 11-05-2031", "DL No : MH12 2011 0012345"]) {
      expect(findCode(page(text).lines, "AA9999999999999", { joinSpaces: true })?.text, text).toBe("MH1220110012345");
    }
  });
});

describe("columns, debris and stray characters (realistic renders)", () => {
  const at = (text: string, bbox: OcrLine["bbox"], confidence = 0.93): OcrLine => ({ text, confidence, bbox });

  it("a label column read before its value column: the value on the label's row, not the next line", () => {
    // an EPIC card: labels left, values right; Tesseract reads the label column first
    const lines = [
      at("निर्वाचक का नाम", [340, 243, 498, 266]),
      at("Elector's Name :", [342, 297, 555, 316]),
      at("पिता का नाम", [341, 349, 462, 370]),
      at("Father's Name :", [342, 402, 545, 421]),
      at("गुरप्रीत नाथ रेड्डी", [703, 238, 889, 274]),
      at("Gurpreet Nath Reddy", [703, 293, 1086, 322]),
      at("रवि रेड्डी", [701, 343, 794, 375]),
      at("Ravi Reddy", [703, 398, 903, 427]),
    ];
    const r = parseVoterId([{ lines }]);
    expect(r.fields.name?.value).toBe("GURPREET NATH REDDY");
    expect(r.fields.relative_name?.value).toBe("RAVI REDDY");
  });

  it("a row of values read before its row of labels: the value printed under the label", () => {
    // a Karnataka licence photo (dev set): Tesseract gave `24/07/1986 A+` before `Date of Birth   Blood Group`
    const lines = [
      at("Name", [62, 360, 140, 385]),
      at("POOJA CHAUHAN", [62, 401, 401, 434]),
      at("24/07/1986             A+", [62, 597, 477, 627]),
      at("Holder's Signature", [62, 703, 249, 722]),
      at("Date of Birth                    Blood Group                               a", [62, 528, 1144, 584], 0.87),
    ];
    expect(parseDrivingLicence([{ lines }]).fields.date_of_birth?.value).toBe("1986-07-24");
    // nothing under the label: nothing taken from above it
    expect(parseDrivingLicence([{ lines: [lines[2]!, { ...lines[4]!, bbox: [62, 640, 1144, 690] }] }]).fields.date_of_birth).toBeUndefined();
  });

  it("drops the photo edge's debris before a name, never an initial", () => {
    expect(personName("p   Pooja Iyer")).toBe("POOJA IYER");
    expect(personName("K. S. RAO")).toBe("K. S. RAO");
    expect(personName("ANITA SHARMA |")).toBe("ANITA SHARMA");
    expect(personName("Sunita Devi     [=]   [=]")).toBe("SUNITA DEVI");
    expect(personName("a ATH / Name")).toBeNull();
  });

  it("a stray letter inside a licence number is dropped at the price of a correction, and the validator's year decides", () => {
    const dl = parseDrivingLicence([page(["KAQ06 20150477384", 0.95]) as { lines: OcrLine[] }]).fields.dl_number;
    expect(dl).toMatchObject({ value: "KA0620150477384", validity: "needs_review" });
  });
});

/**
 * Bilingual cards as OCR reads them: PAN and passports with English OCR only, so each Hindi label
 * comes out as Latin garbage at a low confidence; Aadhaar and voter ID with eng+hin, so Hindi
 * comes out in Devanagari. Text written after the cards' layouts (see each parser's rules).
 */
describe("bilingual cards", () => {
  // Tesseract (eng) on a rendered PAN card of the 2018 layout: these lines are its output
  it.each([
    [
      "scan",
      [
        ["IIR fom                    HRT IDR", 0.31],
        ["INCOME TAX DEPARTMENT               GOVT. OF INDIA", 0.96],
        ["rf} oat ARE Bre", 0.31],
        ["Permanent Account Number Card", 0.96],
        ["ABCPE1234F", 0.89],
        ["AM / Name", 0.73],
        ["RAVI KUMAR", 0.96],
        ["fir 7 FM / Father's Name", 0.66],
        ["SURESH KUMAR", 0.96],
        ["T= §I TRG / Date of Birth", 0.52],
        ["01/01/1990                                     BIER / Signature", 0.85],
      ],
    ],
    [
      "photo",
      [
        ["CE ——.", 0],
        ["SIH far                                    HRA TDR", 0.22],
        ["INCOME TAX DEPARTMENT               GOVT. OF INDIA", 0.96],
        ["ft FRET He ard", 0.32],
        ["Permanent Account Number Card", 0.96],
        ["ABCPE1234F", 0.91],
        ["A / Name", 0.76],
        ["RAVI KUMAR", 0.94],
        ["fra &1 am / Father's Name", 0.71],
        ["SURESH KUMAR", 0.96],
        ["1 H aE / Date of Birth", 0.69],
        ["01/01/1990", 0.96],
        ["ERR / Signature", 0.73],
        ["ee", 0.34],
      ],
    ],
  ] as [string, [string, number][]][])("PAN since 2018 (%s): labels after the Hindi, Hindi garbage never a name", (_, ocr) => {
    const r = parsePanCard([page(...ocr)]);
    expect(Object.fromEntries(Object.entries(r.fields).map(([k, f]) => [k, [f.value, f.validity]]))).toEqual({
      pan: ["ABCPE1234F", "valid"],
      name: ["RAVI KUMAR", "valid"],
      father_name: ["SURESH KUMAR", "valid"],
      date_of_birth: ["1990-01-01", "valid"],
    });
  });

  it("PAN: a name label OCR lost leaves the holder's name first, the father's second", () => {
    const r = parsePanCard([
      page(
        ["INCOME TAX DEPARTMENT GOVT. OF INDIA", 0.9],
        ["WRG TRIN", 0.3],
        ["ABCPE1234F", 0.91],
        ["AM Nare", 0.3],
        ["RAVI KUMAR", 0.94],
        ["fret aT ATH / Father's Name", 0.58],
        ["SURESH KUMAR", 0.93],
        ["01/01/1990", 0.95],
      ),
    ]);
    expect([r.fields.name?.value, r.fields.father_name?.value]).toEqual(["RAVI KUMAR", "SURESH KUMAR"]);
  });

  it("Aadhaar front and back: the English name above the date, the English address", () => {
    const r = parseAadhaarCard([
      page(
        "भारत सरकार",
        "GOVERNMENT OF INDIA",
        "अनीता शर्मा",
        ["Anita Sharma", 0.94],
        "जन्म तिथि/DOB: 14/08/1988",
        "महिला / FEMALE",
        ["XXXX XXXX 4821", 0.91],
        "मेरा आधार, मेरी पहचान",
      ),
      page(
        "भारतीय विशिष्ट पहचान प्राधिकरण",
        "पता: W/O राजेश शर्मा, 12 एमजी रोड, पुणे, महाराष्ट्र - 411005",
        "Address: W/O Rajesh Sharma, 12 MG Road,",
        "Pune, Maharashtra - 411005",
        "XXXX XXXX 4821",
      ),
    ]);
    expect(r.fields).toMatchObject({
      name: { value: "ANITA SHARMA", validity: "valid" },
      date_of_birth: { value: "1988-08-14" },
      gender: { value: "female" },
      aadhaar_last4: { value: "4821", validity: "valid" },
      address: { value: "W/O RAJESH SHARMA, 12 MG ROAD, PUNE, MAHARASHTRA - 411005" },
    });
  });

  it("Indian passport data page: labels after the Hindi, the number proven by the MRZ read in OCR-B", () => {
    const r = parsePassport(
      [
        page(
          ["Wea TORT REPUBLIC OF INDIA", 0.6],
          ["WaR/ Type FIs / Country Code Wad F./ Passport No.", 0.5],
          ["P IND J8369854", 0.92],
          ["STAT / Surname", 0.6],
          ["NAIR", 0.95],
          ["feat Ter AT / Given Name(s)", 0.55],
          ["MEERA", 0.95],
          ["Teta / Nationality fT / Sex STAT / Date of Birth", 0.5],
          ["INDIAN F 12/04/1985", 0.93],
          ["STA aT / Place of Birth", 0.5],
          ["KOCHI, KERALA", 0.93],
          ["aT wei / Date of Issue Wife At fafer / Date of Expiry", 0.5],
          ["21/09/2021 20/09/2031", 0.93],
          ["P<INDNAIR<S<MEERA<<<<LC<LLLLLLLLLLLLLLLLLLLLL", 0.7],
          ["J8369854<4INDB504124F3109203<<<<<<<<<<<<<<06", 0.8],
        ),
      ],
      undefined,
      new Date("2026-01-01T00:00:00Z"),
    );
    expect(Object.fromEntries(Object.entries(r.fields).map(([k, f]) => [k, [f.value, f.source, f.validity]]))).toMatchObject({
      passport_number: ["J8369854", "mrz", "valid"],
      surname: ["NAIR", "ocr", "valid"],
      given_names: ["MEERA", "ocr", "valid"],
      nationality: ["IND", "mrz", "valid"],
      date_of_birth: ["1985-04-12", "mrz", "valid"],
      date_of_expiry: ["2031-09-20", "mrz", "valid"],
    });
    expect(r.signals).toEqual([]);
  });

  it("passport without a readable MRZ: the visual number needs review, nothing proves it", () => {
    const r = parsePassport([page(["P IND J8369854", 0.95], "STAT / Surname", "NAIR")], undefined, new Date("2026-01-01T00:00:00Z"));
    expect(r.fields.passport_number).toMatchObject({ value: "J8369854", valid: false, validity: "needs_review", problem: "passport_number_unverified" });
    expect(r.signals.map((s) => s.code)).toEqual(["mrz_not_found"]);
  });

  it("driving licence: a number with words after it, Name not S/D/W of, a regional label first", () => {
    const r = parseDrivingLicence([
      page(
        "Indian Union Driving Licence",
        "Issued by Government of Maharashtra",
        ["DL No. MH12 20110012345 DOI : 12-05-2011", 0.92],
        "Valid Till : 11-05-2031 (NT)",
        ["Ara / Name : VIKRAM SINGH", 0.9],
        "S/D/W of : HARPAL SINGH",
        "DOB : 03-02-1979",
        "Address : 12, MG ROAD, PUNE,",
        "MAHARASHTRA 411001",
      ),
    ]);
    expect(Object.fromEntries(Object.entries(r.fields).map(([k, f]) => [k, f.value]))).toEqual({
      dl_number: "MH1220110012345",
      name: "VIKRAM SINGH",
      date_of_birth: "1979-02-03",
      valid_till: "2031-05-11",
      address: "12, MG ROAD, PUNE, MAHARASHTRA 411001",
    });
    expect(parseDrivingLicence([page(["MH-1220110012345 Valid Till 11-05-2031", 0.93])]).fields.dl_number).toMatchObject({
      value: "MH1220110012345",
      valid: true,
    });
  });

  it.each([
    [
      "PVC card, bilingual labels on one line",
      ["नाम / Name : Vikram Singh", "पिता का नाम / Father's Name : Harpal Singh", "लिंग / Sex : पुरुष / Male", "जन्म तिथि / Date of Birth : 03/02/1979"],
    ],
    [
      "laminated card, the Hindi line first",
      [
        "निर्वाचक का नाम : विक्रम सिंह",
        "Elector's Name : Vikram Singh",
        "पिता का नाम : हरपाल सिंह",
        "Father's Name : Harpal Singh",
        "जन्म तिथि / Date of Birth : 03/02/1979",
      ],
    ],
  ])("voter ID, %s", (_, body) => {
    const r = parseVoterId([page("भारत निर्वाचन आयोग", "ELECTION COMMISSION OF INDIA", "पहचान पत्र IDENTITY CARD", ["XYZ1234567", 0.93], ...body)]);
    expect(Object.fromEntries(Object.entries(r.fields).map(([k, f]) => [k, [f.value, f.validity]]))).toEqual({
      epic_number: ["XYZ1234567", "valid"],
      name: ["VIKRAM SINGH", "valid"],
      relative_name: ["HARPAL SINGH", "valid"],
      date_of_birth: ["1979-02-03", "valid"],
    });
  });
});

/** No misread identifier marked valid: what proves a value decides how much OCR confidence it needs. */
describe("validity of extracted values", () => {
  it("an identifier with a format only needs review below 0.85; a name or date below 0.8", () => {
    expect(parsePanCard([page(["ABCPE1234F", 0.84])]).fields.pan).toMatchObject({ validity: "needs_review", problem: "ocr_low_confidence" });
    expect(parsePanCard([page(["ABCPE1234F", 0.86])]).fields.pan).toMatchObject({ validity: "valid", problem: null });
    expect(parseVoterId([page(["XYZ1234567", 0.8])]).fields.epic_number?.validity).toBe("needs_review");
    expect(parseDrivingLicence([page(["DL No. MH12 20110012345", 0.8])]).fields.dl_number?.validity).toBe("needs_review");
    const low = parsePanCard([page("INCOME TAX DEPARTMENT", "ATH / Name", ["RAVI KUMAR", 0.7], "Date of Birth", ["01/01/1990", 0.79])]);
    expect([low.fields.name?.validity, low.fields.date_of_birth?.validity]).toEqual(["needs_review", "needs_review"]);
  });

  it("a checksum proves the read down to 0.5: Aadhaar Verhoeff, GSTIN", () => {
    expect(parseAadhaarCard([page(["9999 9999 0019", 0.6])]).fields.aadhaar_last4).toMatchObject({ value: "0019", validity: "valid" });
    expect(parseAadhaarCard([page(["9999 9999 0019", 0.45])]).fields.aadhaar_last4?.validity).toBe("needs_review");
    expect(parseAadhaarCard([page(["XXXX XXXX 4821", 0.8])]).fields.aadhaar_last4?.validity).toBe("needs_review");
    expect(parseGstCertificate([page(["Registration Number : 27ABCCE1234F1Z2", 0.6])]).fields.gstin?.validity).toBe("valid");
  });

  it("keeps the better of two readings: valid, then needing review, then invalid, then the more confident", () => {
    const fields = {};
    put(fields, "pan", field("ABCDE1234F", 0.95, "pan_holder_type_invalid", "ocr", "format"));
    put(fields, "pan", field("ABCPE1234F", 0.8, null, "ocr", "format"));
    expect(fields).toMatchObject({ pan: { value: "ABCPE1234F", validity: "needs_review" } });
    put(fields, "pan", field("ABCPE1234F", 0.9, null, "ocr", "format"));
    put(fields, "pan", field("ABCPE1234E", 0.82, null, "ocr", "format"));
    expect(fields).toMatchObject({ pan: { value: "ABCPE1234F", validity: "valid", confidence: 0.9 } });
  });
});
