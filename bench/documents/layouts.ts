/**
 * The documents of the render set (bench/documents/), drawn as SVG in millimetres after the
 * layouts of the real cards (what they print and where, not what a parser expects):
 * - PAN card, 2018+ design (85.6 x 54 mm): "आयकर विभाग / INCOME TAX DEPARTMENT" and
 *   "भारत सरकार / GOVT. OF INDIA" header with the emblem, "स्थायी लेखा संख्या कार्ड / Permanent
 *   Account Number Card" with the number under it, the photo, a QR code, bilingual labels "नाम /
 *   Name", "पिता का नाम / Father's Name", "जन्म की तारीख / Date of Birth" each above its value,
 *   the signature.
 * - Aadhaar PVC card front: "भारत सरकार / Government of India" band, photo, the Hindi name above
 *   the English name (mixed case, as UIDAI prints it), "जन्म तिथि / DOB: DD/MM/YYYY", "महिला /
 *   FEMALE", the issue date printed vertically at the edge, the 12 digits in groups of 4, "मेरा
 *   आधार, मेरी पहचान". Back: "भारतीय विशिष्ट पहचान प्राधिकरण / Unique Identification Authority of
 *   India", "पता:" with the Hindi address, "Address:" with the English one (relation, house,
 *   street, locality, city, state - PIN), the QR code, the number again.
 * - Indian passport data page (125 x 88 mm, ICAO TD3): "भारत गणराज्य / REPUBLIC OF INDIA",
 *   bilingual labels (प्रकार / Type, कोड / Country Code, पासपोर्ट सं. / Passport No., उपनाम /
 *   Surname, दिया गया नाम / Given Name(s), राष्ट्रीयता / Nationality, लिंग / Sex, जन्मतिथि / Date of
 *   Birth, places and dates of issue and expiry) and the two-line MRZ in OCR-B at ICAO's 2.54 mm
 *   pitch (Doc 9303 part 4).
 * - Driving licence, three state designs: Maharashtra smart card ("Maharashtra State Motor
 *   Driving Licence", `label : value` lines, dates DD-MM-YYYY), Karnataka ("INDIAN UNION DRIVING
 *   LICENCE", labels above values), Delhi (bilingual labels, "DL-04 2011 0012345" style number).
 * - EPIC (voter ID) PVC card: "भारत निर्वाचन आयोग / ELECTION COMMISSION OF INDIA", the EPIC
 *   number, Hindi and English lines for the elector's and the relative's names, gender, date of birth.
 * Every document carries the split's security background, a faint emblem or watermark and a
 * photo placeholder.
 */
import {
  type Person,
  type Rng,
  type Ymd,
  dmy,
  iso,
  passportMrz,
  plusYears,
  randomAadhaar,
  randomDate,
  randomDlNumber,
  randomEpic,
  randomPan,
  randomPassportNumber,
} from "./identity";
import {
  bilingual,
  emblem,
  type Fonts,
  type MoirePattern,
  microtext,
  photoBox,
  qrBlock,
  securityBackground,
  signature,
  type Style,
  text,
  tint,
  watermark,
} from "./svg";

/** One page of a document, as SVG in mm. */
export interface Page {
  side: string;
  svg: string;
  widthMm: number;
  heightMm: number;
  /** Security print drawn on the raster (capture.ts). */
  pattern?: MoirePattern;
}

/** A drawn document: its pages and what a perfect extraction answers. */
export interface DrawnDocument {
  /** A document type of server/documents/document-types.ts. */
  documentType: string;
  /** Which design was drawn (e.g. `dl-mh`). */
  layout: string;
  pages: Page[];
  /** Field key -> expected value (upper case names, ISO dates, identifiers without spaces). */
  fields: Record<string, string>;
  /** The two MRZ lines (passport only). */
  mrz?: [string, string];
}

const CARD = { w: 85.6, h: 54 } as const;
const title = (s: string) => s.replace(/\b([a-z])/gi, (c) => c.toUpperCase());
const up = (s: string) => s.toUpperCase();

/** Wraps text at ", " into lines of at most `max` characters (joined with a space they give the text back). */
function wrapAtCommas(s: string, max: number): string[] {
  const parts = s.split(", ");
  const lines: string[] = [];
  let cur = "";
  for (const [i, p] of parts.entries()) {
    const piece = i < parts.length - 1 ? `${p},` : p;
    if (cur && `${cur} ${piece}`.length > max) {
      lines.push(cur);
      cur = piece;
    } else cur = cur ? `${cur} ${piece}` : piece;
  }
  if (cur) lines.push(cur);
  return lines;
}

function svgDoc(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}mm" height="${h}mm">${body}</svg>`;
}

/** The card's ground: tint and security print (SVG, or a raster pattern for the page). */
function ground(
  id: string,
  style: Style,
  rng: Rng,
  colors: readonly string[],
  ink: string,
  w: number = CARD.w,
  h: number = CARD.h,
): { svg: string; pattern?: MoirePattern } {
  const bg = securityBackground(style, w, h, rng, ink);
  return { svg: `${tint(id, w, h, colors, rng.range(0, 180))}${bg.svg}`, pattern: bg.pattern };
}

/** An address in English (`relation name, house, street, locality, city, state - PIN`). */
function englishAddress(p: Person, caseOf: (s: string) => string): string {
  const a = p.address;
  return caseOf(`${p.relative.relation} ${p.relative.name.en}, ${a.house}, ${a.street.en}, ${a.locality.en}, ${a.city.city.en}, ${a.city.state.en} - ${a.pin}`);
}

const HINDI_RELATION = { "S/O": "पुत्र", "D/O": "पुत्री", "W/O": "पत्नी" } as const;

export function drawPan(p: Person, rng: Rng, style: Style, f: Fonts): DrawnDocument {
  const pan = randomPan(rng, p);
  const j = () => rng.range(-0.6, 0.6);
  const ink = rng.pick(["#7fa6c9", "#9bb3d6", "#8fb0b8"]);
  const x = 26 + j();
  const g = ground("pan", style, rng, ["#dfeaf6", "#f7f3e6", "#d6e6f2"], ink);
  const body = [
    g.svg,
    watermark(50, 34, "INCOME TAX DEPARTMENT", 5, f.latin, "#3a5f8f", -18),
    text(4, 5.2, "आयकर विभाग", { family: f.deva, size: 2.6, weight: "bold", fill: "#1b3563" }),
    text(4, 8.6, "INCOME TAX DEPARTMENT", { family: f.latin, size: 2.2, weight: "bold", fill: "#1b3563" }),
    emblem(42.8, 4.8, 2.6, "#1b3563", f, 0.8),
    text(81.5, 5.2, "भारत सरकार", { family: f.deva, size: 2.6, weight: "bold", fill: "#1b3563", anchor: "end" }),
    text(81.5, 8.6, "GOVT. OF INDIA", { family: f.latin, size: 2.2, weight: "bold", fill: "#1b3563", anchor: "end" }),
    photoBox(4, 13, 18, 22, rng),
    text(x, 14.8, "स्थायी लेखा संख्या कार्ड", { family: f.deva, size: 1.9 }),
    text(x, 17.6, "Permanent Account Number Card", { family: f.latin, size: 1.9 }),
    text(x, 22.2, pan, { family: f.latin, size: 3.4, weight: "bold", spacing: 0.25 }),
    bilingual(x, 26.6, "नाम", "Name", f, { size: 1.7 }),
    text(x, 29.8, up(p.name.en), { family: f.latin, size: 2.5, weight: "bold" }),
    bilingual(x, 33.6, "पिता का नाम", "Father's Name", f, { size: 1.7 }),
    text(x, 36.8, up(p.father.en), { family: f.latin, size: 2.5, weight: "bold" }),
    bilingual(x, 40.6, "जन्म की तारीख", "Date of Birth", f, { size: 1.7 }),
    text(x, 43.8, dmy(p.dob), { family: f.latin, size: 2.5, weight: "bold" }),
    qrBlock(67, 27, 14, rng),
    signature(5, 40, 16, 6, rng),
    bilingual(5, 49.5, "हस्ताक्षर", "Signature", f, { size: 1.5 }),
  ].join("");
  return {
    documentType: "pan_card",
    layout: "pan-2018",
    pages: [{ side: "front", svg: svgDoc(CARD.w, CARD.h, body), widthMm: CARD.w, heightMm: CARD.h, pattern: g.pattern }],
    fields: { pan, name: up(p.name.en), father_name: up(p.father.en), date_of_birth: iso(p.dob) },
  };
}

export function drawAadhaar(p: Person, rng: Rng, style: Style, f: Fonts): DrawnDocument {
  const number = randomAadhaar(rng);
  const grouped = number.replace(/(\d{4})(?=\d)/g, "$1 ");
  const ink = rng.pick(["#e2b38f", "#c9c2a8", "#e4c59b"]);
  const band = `<defs><linearGradient id="band" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f59a3a"/><stop offset="0.5" stop-color="#fff"/><stop offset="1" stop-color="#4f9d4a"/></linearGradient></defs><rect width="${CARD.w}" height="10.5" fill="url(#band)" opacity="0.85"/>`;
  const logo = `<circle cx="79" cy="5.2" r="3.6" fill="#f6c344" opacity="0.9"/><circle cx="79" cy="5.2" r="2" fill="#d9342b" opacity="0.9"/>`;
  const issue = randomDate(rng, Math.max(2012, p.dob.y + 5), 2025);
  const gFront = ground("aaf", style, rng, ["#ffffff", "#fbf4ea", "#f1f7ee"], ink);
  const front = [
    gFront.svg,
    band,
    emblem(6.5, 4.2, 2.4, "#333", f, 0.85),
    logo,
    text(42.8, 4.9, "भारत सरकार", { family: f.deva, size: 2.8, weight: "bold", anchor: "middle" }),
    text(42.8, 8.8, "Government of India", { family: f.latin, size: 2.5, weight: "bold", anchor: "middle" }),
    `<g transform="rotate(-90 2.6 38)">${bilingual(2.6, 38, "जारी करने की तिथि", `Issue Date: ${dmy(issue)}`, f, { size: 1.3, fill: "#444" })}</g>`,
    photoBox(5, 13.5, 18, 22, rng),
    text(27, 17.2, p.name.hi, { family: f.deva, size: 2.6 }),
    text(27, 21.2, title(p.name.en), { family: f.latin, size: 2.6 }),
    bilingual(27, 25.6, "जन्म तिथि", `DOB: ${dmy(p.dob)}`, f, { size: 2.3 }),
    bilingual(27, 30, p.gender === "male" ? "पुरुष" : "महिला", p.gender === "male" ? "MALE" : "FEMALE", f, { size: 2.3 }),
    qrBlock(70, 14, 11, rng),
    text(42.8, 44, grouped, { family: f.latin, size: 4.2, weight: "bold", anchor: "middle", spacing: 0.3 }),
    `<rect x="0" y="47.3" width="${CARD.w}" height="0.5" fill="#d9342b"/>`,
    text(42.8, 51.6, "मेरा आधार, मेरी पहचान", { family: f.deva, size: 2.6, weight: "bold", fill: "#d9342b", anchor: "middle" }),
  ].join("");
  const a = p.address;
  const hindiAddress = `${HINDI_RELATION[p.relative.relation]}: ${p.relative.name.hi}, ${a.house}, ${a.street.hi}, ${a.locality.hi}, ${a.city.city.hi}, ${a.city.state.hi} - ${a.pin}`;
  const english = englishAddress(p, title);
  const gBack = ground("aab", style, rng, ["#ffffff", "#f3f6fb", "#fbf6ee"], ink);
  const back = [
    gBack.svg,
    `<rect width="${CARD.w}" height="10.5" fill="#eef0f4" opacity="0.8"/>`,
    logo,
    text(4, 4.9, "भारतीय विशिष्ट पहचान प्राधिकरण", { family: f.deva, size: 2.5, weight: "bold" }),
    text(4, 8.8, "Unique Identification Authority of India", { family: f.latin, size: 2.3, weight: "bold" }),
    text(4, 14.8, "पता:", { family: f.deva, size: 2.1, weight: "bold" }),
    ...wrapAtCommas(hindiAddress, 36).map((l, i) => text(4, 18.2 + i * 3.2, l, { family: f.deva, size: 2 })),
    text(4, 29.4, "Address:", { family: f.latin, size: 2.1, weight: "bold" }),
    ...wrapAtCommas(english, 38).map((l, i) => text(4, 32.8 + i * 3.1, l, { family: f.latin, size: 2.1 })),
    qrBlock(63, 13, 19, rng),
    text(42.8, 45.5, grouped, { family: f.latin, size: 3.6, weight: "bold", anchor: "middle", spacing: 0.3 }),
    `<rect x="0" y="47.6" width="${CARD.w}" height="0.5" fill="#d9342b"/>`,
    text(42.8, 51.6, "1947  |  help@uidai.gov.in  |  www.uidai.gov.in", { family: f.latin, size: 1.8, anchor: "middle" }),
  ].join("");
  return {
    documentType: "aadhaar_card",
    layout: "aadhaar-pvc",
    pages: [
      { side: "front", svg: svgDoc(CARD.w, CARD.h, front), widthMm: CARD.w, heightMm: CARD.h, pattern: gFront.pattern },
      { side: "back", svg: svgDoc(CARD.w, CARD.h, back), widthMm: CARD.w, heightMm: CARD.h, pattern: gBack.pattern },
    ],
    fields: { name: up(p.name.en), date_of_birth: iso(p.dob), gender: p.gender, aadhaar_last4: number.slice(-4), address: up(english) },
  };
}

export function drawPassport(p: Person, rng: Rng, style: Style, f: Fonts): DrawnDocument {
  const W = 125;
  const H = 88;
  const number = randomPassportNumber(rng);
  const issue = randomDate(rng, 2016, 2025);
  const expiry = plusYears(issue, 10);
  const sex = p.gender === "male" ? "M" : "F";
  const given = up(p.name.en.split(" ").slice(0, -1).join(" "));
  const surname = up(p.surname.en);
  const mrz = passportMrz({ number, surname, given, dob: p.dob, sex, expiry });
  const ink = rng.pick(["#c9a9c9", "#b7b0d8", "#d0b0b8"]);
  const L = (x: number, y: number, hi: string, en: string) => bilingual(x, y, hi, en, f, { size: 1.9, fill: "#333" });
  const V = (x: number, y: number, s: string) => text(x, y, s, { family: f.latin, size: 3, weight: "bold" });
  const g = ground("pp", style, rng, ["#f6e9f0", "#ece8f7", "#f7f1e6"], ink, W, H);
  const issuePlace = rng.pick(["MUMBAI", "DELHI", "BENGALURU", "CHENNAI", "KOLKATA", "LUCKNOW", "PUNE", "HYDERABAD"]);
  const body = [
    g.svg,
    emblem(100, 40, 9, "#8a5a8a", f, 0.18),
    text(40, 6, "भारत गणराज्य", { family: f.deva, size: 3, weight: "bold", fill: "#3b2a5a" }),
    text(40, 10.4, "REPUBLIC OF INDIA", { family: f.latin, size: 3, weight: "bold", fill: "#3b2a5a" }),
    photoBox(5, 14, 28, 35, rng),
    signature(6, 52, 24, 7, rng),
    L(38, 15, "प्रकार", "Type"),
    V(38, 19, "P"),
    L(55, 15, "कोड", "Country Code"),
    V(55, 19, "IND"),
    L(88, 15, "पासपोर्ट सं.", "Passport No."),
    V(88, 19, number),
    L(38, 23.5, "उपनाम", "Surname"),
    V(38, 27.5, surname),
    L(38, 32, "दिया गया नाम", "Given Name(s)"),
    V(38, 36, given),
    L(38, 40.5, "राष्ट्रीयता", "Nationality"),
    V(38, 44.5, "INDIAN"),
    L(68, 40.5, "लिंग", "Sex"),
    V(68, 44.5, sex),
    L(86, 40.5, "जन्मतिथि", "Date of Birth"),
    V(86, 44.5, dmy(p.dob)),
    L(38, 49, "जन्म स्थान", "Place of Birth"),
    V(38, 53, up(`${p.address.city.city.en}, ${p.address.city.state.en}`)),
    L(38, 57.5, "जारी करने का स्थान", "Place of Issue"),
    V(38, 61.5, issuePlace),
    L(38, 66, "जारी करने की तिथि", "Date of Issue"),
    V(38, 70, dmy(issue)),
    L(82, 66, "समाप्ति की तिथि", "Date of Expiry"),
    V(82, 70, dmy(expiry)),
    `<rect x="0" y="73" width="${W}" height="${H - 73}" fill="#fbfbfb" opacity="0.8"/>`,
    text(6.5, 79.2, mrz[0], { family: "OCR B", size: 3.53 }),
    text(6.5, 85, mrz[1], { family: "OCR B", size: 3.53 }),
  ].join("");
  return {
    documentType: "passport",
    layout: "passport-td3",
    pages: [{ side: "data_page", svg: svgDoc(W, H, body), widthMm: W, heightMm: H, pattern: g.pattern }],
    fields: { passport_number: number, surname, given_names: given, nationality: "IND", date_of_birth: iso(p.dob), date_of_expiry: iso(expiry) },
    mrz,
  };
}

/** The three driving-licence designs: Maharashtra, Karnataka, Delhi. */
export const DL_STATES = ["MH", "KA", "DL"] as const;

export function drawDrivingLicence(p: Person, rng: Rng, style: Style, f: Fonts, state: (typeof DL_STATES)[number]): DrawnDocument {
  const issue = randomDate(rng, Math.max(2005, p.dob.y + 18), 2024);
  const validTill = plusYears(issue, 20);
  const number = randomDlNumber(rng, state, issue.y);
  const spaced = `${number.slice(0, 4)} ${number.slice(4)}`;
  const ink = rng.pick(["#9ec1d9", "#b5c9a8", "#c6b6d6"]);
  const rel = p.relative.name.en;
  const blood = rng.pick(["A+", "B+", "O+", "AB+", "O-", "B-"]);
  const a = p.address;
  const addr = up(`${a.house}, ${a.street.en}, ${a.locality.en}, ${a.city.city.en} ${a.pin}`);
  const g = ground(
    "dl",
    style,
    rng,
    ({ MH: ["#e3eef8", "#ffffff", "#e8f2f7"], KA: ["#f6f3e4", "#eaf3ea", "#ffffff"], DL: ["#fdf1e4", "#ffffff", "#eaf0fa"] } as const)[state],
    ink,
  );
  let body: string;
  if (state === "MH") {
    const d = (t: Ymd) => dmy(t, "-");
    const LV = (y: number, l: string, v: string, bold = true) =>
      text(4, y, `${l} : `, { family: f.latin, size: 2, fill: "#333" }) + text(21, y, v, { family: f.latin, size: 2.3, weight: bold ? "bold" : "normal" });
    body = [
      g.svg,
      `<rect width="${CARD.w}" height="9.5" fill="#1f4e8c"/>`,
      text(42.8, 4, "Union of India", { family: f.latin, size: 2, fill: "#fff", anchor: "middle" }),
      text(42.8, 7.6, "Maharashtra State Motor Driving Licence", { family: f.latin, size: 2.4, weight: "bold", fill: "#fff", anchor: "middle" }),
      text(4, 14, "DL No", { family: f.latin, size: 2, fill: "#333" }),
      text(14, 14, spaced, { family: f.latin, size: 2.8, weight: "bold" }),
      text(4, 18, `DOI : ${d(issue)}`, { family: f.latin, size: 2 }),
      text(35, 18, `Valid Till : ${d(validTill)} (NT)`, { family: f.latin, size: 2 }),
      LV(23, "Name", up(p.name.en)),
      LV(27, "S/D/W of", up(rel)),
      LV(31, "DOB", d(p.dob)),
      LV(35, "BG", blood, false),
      text(4, 39, "Add :", { family: f.latin, size: 2, fill: "#333" }),
      ...wrapAtCommas(addr, 34).map((l, i) => text(12, 39 + i * 3, l, { family: f.latin, size: 1.9 })),
      photoBox(66, 12, 16, 20, rng),
      signature(66, 34, 16, 5, rng),
      text(74, 42, "Signature", { family: f.latin, size: 1.4, anchor: "middle" }),
    ].join("");
  } else if (state === "KA") {
    const LV = (x: number, y: number, l: string, v: string) =>
      text(x, y, l, { family: f.latin, size: 1.7, fill: "#555" }) + text(x, y + 3.2, v, { family: f.latin, size: 2.4, weight: "bold" });
    body = [
      g.svg,
      emblem(6, 5, 2.6, "#8a1c1c", f, 0.9),
      text(44, 4.6, "INDIAN UNION DRIVING LICENCE", { family: f.latin, size: 2.6, weight: "bold", fill: "#8a1c1c", anchor: "middle" }),
      text(44, 8.2, "Issued by Government of Karnataka", { family: f.latin, size: 1.9, fill: "#333", anchor: "middle" }),
      LV(4, 13, "DL No.", spaced),
      LV(4, 20, "Date of Issue", dmy(issue)),
      LV(30, 20, "Validity (NT)", dmy(validTill)),
      LV(4, 27, "Name", up(p.name.en)),
      LV(4, 34, "S/W/D of", up(rel)),
      LV(4, 41, "Date of Birth", dmy(p.dob)),
      LV(30, 41, "Blood Group", blood),
      photoBox(64, 12, 17, 21, rng),
      signature(64, 36, 17, 5, rng),
      text(4, 51, "Holder's Signature", { family: f.latin, size: 1.4, fill: "#555" }),
    ].join("");
  } else {
    const dash = `${number.slice(0, 2)}-${number.slice(2, 4)} ${number.slice(4, 8)} ${number.slice(8)}`;
    const LV = (y: number, hi: string, en: string, v: string) =>
      bilingual(4, y, hi, en, f, { size: 1.7, fill: "#444" }) + text(4, y + 3.1, v, { family: f.latin, size: 2.4, weight: "bold" });
    body = [
      g.svg,
      bilingual(42.8, 4.2, "भारत संघ", "UNION OF INDIA", f, { size: 2, anchor: "middle", weight: "bold" }),
      bilingual(42.8, 7.6, "राष्ट्रीय राजधानी क्षेत्र दिल्ली", "NCT OF DELHI", f, { size: 1.9, anchor: "middle" }),
      text(42.8, 11, "DRIVING LICENCE", { family: f.latin, size: 2.3, weight: "bold", fill: "#8a3b12", anchor: "middle" }),
      text(4, 15.5, `DL No: ${dash}`, { family: f.latin, size: 2.5, weight: "bold" }),
      LV(19.5, "नाम", "Name", up(p.name.en)),
      LV(26, "पिता / पति का नाम", "S/W/D of", up(rel)),
      LV(32.5, "जन्म तिथि", "Date of Birth", dmy(p.dob)),
      bilingual(4, 39, "वैधता", `Valid Till (NT): ${dmy(validTill)}`, f, { size: 1.9 }),
      bilingual(4, 42.5, "जारी करने की तिथि", `Issued: ${dmy(issue)}`, f, { size: 1.9 }),
      photoBox(64, 13.5, 17, 21, rng),
      signature(64, 37, 17, 5, rng),
      microtext(CARD.w, [48, 49.2], "TRANSPORT DEPARTMENT GOVT OF NCT OF DELHI", f, "#b08a6a"),
    ].join("");
  }
  return {
    documentType: "driving_licence",
    layout: `dl-${state.toLowerCase()}`,
    pages: [{ side: "front", svg: svgDoc(CARD.w, CARD.h, body), widthMm: CARD.w, heightMm: CARD.h, pattern: g.pattern }],
    fields: { dl_number: number, name: up(p.name.en), date_of_birth: iso(p.dob), valid_till: iso(validTill) },
  };
}

export function drawEpic(p: Person, rng: Rng, style: Style, f: Fonts): DrawnDocument {
  const epic = randomEpic(rng);
  const ink = rng.pick(["#d6b3c4", "#b9c4d9", "#c9d1b2"]);
  const husband = p.relative.relation === "W/O";
  const relHi = husband ? "पति का नाम" : "पिता का नाम";
  const relEn = husband ? "Husband's Name" : "Father's Name";
  const LV = (y: number, l: string, v: string, family: string) =>
    text(24, y, `${l} :`, { family, size: 1.9, fill: "#333" }) + text(50, y, v, { family, size: 2.3, weight: "bold" });
  const g = ground("epic", style, rng, ["#fbeef3", "#ffffff", "#eef3fb"], ink);
  const body = [
    g.svg,
    emblem(6.5, 5.2, 2.6, "#333", f, 0.85),
    text(44, 4.8, "भारत निर्वाचन आयोग", { family: f.deva, size: 2.6, weight: "bold", anchor: "middle" }),
    text(44, 8.4, "ELECTION COMMISSION OF INDIA", { family: f.latin, size: 2.3, weight: "bold", anchor: "middle" }),
    bilingual(44, 11.8, "पहचान पत्र", "IDENTITY CARD", f, { size: 1.9, anchor: "middle" }),
    text(81.5, 16.2, epic, { family: f.latin, size: 2.9, weight: "bold", anchor: "end", spacing: 0.15 }),
    photoBox(4, 18, 17, 21, rng),
    LV(21, "निर्वाचक का नाम", p.name.hi, f.deva),
    LV(25, "Elector's Name", title(p.name.en), f.latin),
    LV(29.5, relHi, p.relative.name.hi, f.deva),
    LV(33.5, relEn, title(p.relative.name.en), f.latin),
    bilingual(24, 38, "लिंग", `Gender : ${p.gender === "male" ? "पुरुष / Male" : "महिला / Female"}`, f, { size: 2 }),
    bilingual(24, 42.2, "जन्म तिथि", `Date of Birth : ${dmy(p.dob)}`, f, { size: 2 }),
    signature(60, 45, 18, 4, rng),
    text(69, 51.5, "Electoral Registration Officer", { family: f.latin, size: 1.3, anchor: "middle" }),
  ].join("");
  return {
    documentType: "voter_id",
    layout: "epic-pvc",
    pages: [{ side: "front", svg: svgDoc(CARD.w, CARD.h, body), widthMm: CARD.w, heightMm: CARD.h, pattern: g.pattern }],
    fields: { epic_number: epic, name: up(p.name.en), relative_name: up(p.relative.name.en), date_of_birth: iso(p.dob) },
  };
}
