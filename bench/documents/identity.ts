/**
 * Made-up Indian people and their identifiers for the document renders (bench/documents/): a seeded
 * random source, given names and surnames with their Devanagari spellings, addresses of real
 * cities with PIN codes of the right postal circle, and identifiers of the documented formats:
 * - PAN: 5 letters, 4 digits, 1 letter; the 4th letter is the holder's status (`P` = individual)
 *   and the 5th the first letter of the surname (Income Tax Department, "Permanent Account
 *   Number"; the last letter is a check character whose algorithm is not published: random here).
 * - Aadhaar: 12 digits, the first 2-9, the last a Verhoeff check digit (UIDAI, "Aadhaar Numbering
 *   Scheme"; Verhoeff's dihedral D5 tables as published, e.g. Wikipedia "Verhoeff algorithm").
 * - Indian passport number: one letter and 7 digits; the TD3 MRZ of ICAO Doc 9303 part 4 with the
 *   7-3-1 check digits of part 3 (`<` = 0, A-Z = 10-35).
 * - Driving licence: state code, 2-digit RTO code, 4-digit year of issue, 7-digit serial
 *   (Central Motor Vehicles Rules / Sarathi format, e.g. `MH14 20110062821`).
 * - EPIC: 3 letters and 7 digits (Election Commission of India).
 * No value belongs to a real person. Everything here is deterministic for a given seed.
 */
import { verhoeffCheckDigit } from "../../server/checks/validators/aadhaar";

/** A seeded pseudo-random source (mulberry32): same seed, same people. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Standard normal (Box-Muller). */
  gauss(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }
  digits(n: number): string {
    return Array.from({ length: n }, () => String(this.int(0, 9))).join("");
  }
  letters(n: number, from = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"): string {
    return Array.from({ length: n }, () => this.pick([...from])).join("");
  }
}

/** A name in Latin letters and in Devanagari. */
export interface Bilingual {
  en: string;
  hi: string;
}

const MALE: readonly Bilingual[] = [
  ["Amit", "अमित"],
  ["Rahul", "राहुल"],
  ["Vikram", "विक्रम"],
  ["Suresh", "सुरेश"],
  ["Rajesh", "राजेश"],
  ["Anil", "अनिल"],
  ["Sanjay", "संजय"],
  ["Deepak", "दीपक"],
  ["Manoj", "मनोज"],
  ["Arjun", "अर्जुन"],
  ["Rohit", "रोहित"],
  ["Karan", "करण"],
  ["Harish", "हरीश"],
  ["Prakash", "प्रकाश"],
  ["Naveen", "नवीन"],
  ["Gaurav", "गौरव"],
  ["Ashok", "अशोक"],
  ["Mahesh", "महेश"],
  ["Vinod", "विनोद"],
  ["Ravi", "रवि"],
  ["Nitin", "नितिन"],
  ["Pankaj", "पंकज"],
  ["Ajay", "अजय"],
  ["Yogesh", "योगेश"],
  ["Imran", "इमरान"],
  ["Farhan", "फरहान"],
  ["Gurpreet", "गुरप्रीत"],
  ["Siddharth", "सिद्धार्थ"],
  ["Venkatesh", "वेंकटेश"],
  ["Abhishek", "अभिषेक"],
].map(([en, hi]) => ({ en: en!, hi: hi! }));

const FEMALE: readonly Bilingual[] = [
  ["Anita", "अनीता"],
  ["Priya", "प्रिया"],
  ["Sunita", "सुनीता"],
  ["Kavita", "कविता"],
  ["Neha", "नेहा"],
  ["Pooja", "पूजा"],
  ["Meera", "मीरा"],
  ["Lakshmi", "लक्ष्मी"],
  ["Divya", "दिव्या"],
  ["Swati", "स्वाति"],
  ["Rekha", "रेखा"],
  ["Asha", "आशा"],
  ["Shalini", "शालिनी"],
  ["Deepika", "दीपिका"],
  ["Nisha", "निशा"],
  ["Ritu", "रितु"],
  ["Geeta", "गीता"],
  ["Farah", "फराह"],
  ["Harpreet", "हरप्रीत"],
  ["Jyoti", "ज्योति"],
  ["Aishwarya", "ऐश्वर्या"],
  ["Bhavna", "भावना"],
  ["Pallavi", "पल्लवी"],
  ["Sneha", "स्नेहा"],
].map(([en, hi]) => ({ en: en!, hi: hi! }));

const MIDDLE: readonly Bilingual[] = [
  ["Kumar", "कुमार"],
  ["Prasad", "प्रसाद"],
  ["Chandra", "चंद्र"],
  ["Lal", "लाल"],
  ["Nath", "नाथ"],
  ["Mohan", "मोहन"],
].map(([en, hi]) => ({ en: en!, hi: hi! }));

const SURNAMES: readonly Bilingual[] = [
  ["Sharma", "शर्मा"],
  ["Verma", "वर्मा"],
  ["Gupta", "गुप्ता"],
  ["Singh", "सिंह"],
  ["Patel", "पटेल"],
  ["Shah", "शाह"],
  ["Mehta", "मेहता"],
  ["Joshi", "जोशी"],
  ["Nair", "नायर"],
  ["Iyer", "अय्यर"],
  ["Reddy", "रेड्डी"],
  ["Rao", "राव"],
  ["Das", "दास"],
  ["Banerjee", "बनर्जी"],
  ["Chatterjee", "चटर्जी"],
  ["Deshmukh", "देशमुख"],
  ["Kulkarni", "कुलकर्णी"],
  ["Pillai", "पिल्लई"],
  ["Yadav", "यादव"],
  ["Chauhan", "चौहान"],
  ["Agarwal", "अग्रवाल"],
  ["Malhotra", "मल्होत्रा"],
  ["Kapoor", "कपूर"],
  ["Bhat", "भट"],
  ["Saxena", "सक्सेना"],
  ["Tiwari", "तिवारी"],
  ["Mishra", "मिश्रा"],
  ["Pandey", "पांडे"],
  ["Khan", "खान"],
  ["Gill", "गिल"],
  ["Menon", "मेनन"],
  ["Thakur", "ठाकुर"],
  ["Bose", "बोस"],
  ["Jain", "जैन"],
].map(([en, hi]) => ({ en: en!, hi: hi! }));

/** A city, its state, Devanagari spellings and the first 3 digits of its PIN codes (India Post). */
interface City {
  city: Bilingual;
  state: Bilingual;
  pin: string;
  /** Driving-licence state code (Sarathi). */
  dl: string;
}
const CITIES: readonly City[] = [
  ["Pune", "पुणे", "Maharashtra", "महाराष्ट्र", "411", "MH"],
  ["Mumbai", "मुंबई", "Maharashtra", "महाराष्ट्र", "400", "MH"],
  ["Nagpur", "नागपुर", "Maharashtra", "महाराष्ट्र", "440", "MH"],
  ["Bengaluru", "बेंगलुरु", "Karnataka", "कर्नाटक", "560", "KA"],
  ["Mysuru", "मैसूरु", "Karnataka", "कर्नाटक", "570", "KA"],
  ["New Delhi", "नई दिल्ली", "Delhi", "दिल्ली", "110", "DL"],
  ["Jaipur", "जयपुर", "Rajasthan", "राजस्थान", "302", "RJ"],
  ["Lucknow", "लखनऊ", "Uttar Pradesh", "उत्तर प्रदेश", "226", "UP"],
  ["Bhopal", "भोपाल", "Madhya Pradesh", "मध्य प्रदेश", "462", "MP"],
  ["Patna", "पटना", "Bihar", "बिहार", "800", "BR"],
  ["Ahmedabad", "अहमदाबाद", "Gujarat", "गुजरात", "380", "GJ"],
  ["Chennai", "चेन्नई", "Tamil Nadu", "तमिलनाडु", "600", "TN"],
  ["Kolkata", "कोलकाता", "West Bengal", "पश्चिम बंगाल", "700", "WB"],
  ["Hyderabad", "हैदराबाद", "Telangana", "तेलंगाना", "500", "TS"],
].map(([ce, ch, se, sh, pin, dl]) => ({ city: { en: ce!, hi: ch! }, state: { en: se!, hi: sh! }, pin: pin!, dl: dl! }));

const LOCALITIES: readonly Bilingual[] = [
  ["Shivaji Nagar", "शिवाजी नगर"],
  ["Gandhi Nagar", "गांधी नगर"],
  ["Nehru Colony", "नेहरू कॉलोनी"],
  ["Rajendra Nagar", "राजेंद्र नगर"],
  ["Civil Lines", "सिविल लाइंस"],
  ["Model Town", "मॉडल टाउन"],
  ["Indira Nagar", "इंदिरा नगर"],
  ["Shanti Vihar", "शांति विहार"],
  ["Laxmi Nagar", "लक्ष्मी नगर"],
  ["Ashok Vihar", "अशोक विहार"],
  ["Tilak Nagar", "तिलक नगर"],
  ["Subhash Colony", "सुभाष कॉलोनी"],
].map(([en, hi]) => ({ en: en!, hi: hi! }));

const STREETS: readonly Bilingual[] = [
  ["MG Road", "एमजी रोड"],
  ["Station Road", "स्टेशन रोड"],
  ["Main Road", "मेन रोड"],
  ["Temple Road", "मंदिर मार्ग"],
  ["Ring Road", "रिंग रोड"],
  ["Mall Road", "मॉल रोड"],
  ["Canal Road", "नहर रोड"],
  ["Market Road", "मार्केट रोड"],
].map(([en, hi]) => ({ en: en!, hi: hi! }));

/** A calendar date. */
export interface Ymd {
  y: number;
  m: number;
  d: number;
}
const pad = (n: number, w = 2) => String(n).padStart(w, "0");
/** `YYYY-MM-DD` (what the extraction answers). */
export const iso = (t: Ymd) => `${t.y}-${pad(t.m)}-${pad(t.d)}`;
/** `DD/MM/YYYY` (how Indian documents print dates). */
export const dmy = (t: Ymd, sep = "/") => `${pad(t.d)}${sep}${pad(t.m)}${sep}${t.y}`;
/** `YYMMDD` (MRZ). */
export const yymmdd = (t: Ymd) => `${pad(t.y % 100)}${pad(t.m)}${pad(t.d)}`;
const randomDate = (rng: Rng, fromYear: number, toYear: number): Ymd => ({ y: rng.int(fromYear, toYear), m: rng.int(1, 12), d: rng.int(1, 28) });
/** The day before the same date `years` later (validity periods). */
export const plusYears = (t: Ymd, years: number): Ymd => {
  const d = new Date(Date.UTC(t.y + years, t.m - 1, t.d - 1));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
};

/** A made-up person with everything the documents print. */
export interface Person {
  gender: "male" | "female";
  given: Bilingual;
  surname: Bilingual;
  /** Full name (given [middle] surname). */
  name: Bilingual;
  father: Bilingual;
  /** Spouse for married women on some documents (Aadhaar `W/O`), else the father. */
  relative: { relation: "S/O" | "D/O" | "W/O"; name: Bilingual };
  dob: Ymd;
  address: { house: string; street: Bilingual; locality: Bilingual; city: City; pin: string };
}

const join = (parts: Bilingual[]): Bilingual => ({ en: parts.map((p) => p.en).join(" "), hi: parts.map((p) => p.hi).join(" ") });

/** A random person (names from the lists above, born 1955-2004). */
export function randomPerson(rng: Rng): Person {
  const gender = rng.chance(0.5) ? "male" : "female";
  const surname = rng.pick(SURNAMES);
  const given = rng.pick(gender === "male" ? MALE : FEMALE);
  const middle = gender === "male" && rng.chance(0.25) ? [rng.pick(MIDDLE)] : [];
  const father = join([rng.pick(MALE), ...(rng.chance(0.2) ? [rng.pick(MIDDLE)] : []), surname]);
  const married = gender === "female" && rng.chance(0.4);
  const relative = married
    ? { relation: "W/O" as const, name: join([rng.pick(MALE), surname]) }
    : { relation: gender === "male" ? ("S/O" as const) : ("D/O" as const), name: father };
  const city = rng.pick(CITIES);
  return {
    gender,
    given,
    surname,
    name: join([given, ...middle, surname]),
    father,
    relative,
    dob: randomDate(rng, 1955, 2004),
    address: {
      house: rng.chance(0.5) ? String(rng.int(1, 250)) : `${rng.int(1, 40)}/${rng.int(1, 20)}`,
      street: rng.pick(STREETS),
      locality: rng.pick(LOCALITIES),
      city,
      pin: `${city.pin}${pad(rng.int(1, 99), 3)}`,
    },
  };
}

/** A PAN of an individual: `[A-Z]{3}P<surname initial>[0-9]{4}[A-Z]`. */
export function randomPan(rng: Rng, p: Person): string {
  return `${rng.letters(3)}P${p.surname.en[0]!.toUpperCase()}${pad(rng.int(1, 9999), 4)}${rng.letters(1)}`;
}

/** A Verhoeff-valid Aadhaar number (12 digits, the first 2-9). */
export function randomAadhaar(rng: Rng): string {
  const body = `${rng.int(2, 9)}${rng.digits(10)}`;
  return `${body}${verhoeffCheckDigit(body)}`;
}

/** An Indian passport number: one letter (not I, O, Q: easily confused) and 7 digits. */
export const randomPassportNumber = (rng: Rng) => `${rng.letters(1, "ABCEFGHJKLMNPRSTUVWZ")}${rng.int(1, 9)}${rng.digits(6)}`;

/** An EPIC number: 3 letters and 7 digits. */
export const randomEpic = (rng: Rng) => `${rng.letters(3)}${rng.digits(7)}`;

/** A driving-licence number of a state: `SS RR YYYY NNNNNNN` without spaces. */
export const randomDlNumber = (rng: Rng, state: string, issueYear: number) => `${state}${pad(rng.int(1, 50))}${issueYear}${pad(rng.int(1, 999999), 7)}`;

/** ICAO 9303 part 3 check digit (weights 7, 3, 1; `<` = 0, digits as such, A-Z = 10-35). */
export function mrzCheckDigit(s: string): string {
  const value = (c: string) => (c === "<" ? 0 : /[0-9]/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...s].reduce((sum, c, i) => sum + value(c) * [7, 3, 1][i % 3]!, 0) % 10);
}

/** The two 44-character lines of a TD3 (passport) MRZ, ICAO 9303 part 4. */
export function passportMrz(a: { number: string; surname: string; given: string; dob: Ymd; sex: "M" | "F"; expiry: Ymd }): [string, string] {
  const nameField = `${a.surname.toUpperCase().replace(/ /g, "<")}<<${a.given.toUpperCase().replace(/ /g, "<")}`;
  const line1 = `P<IND${nameField}`.padEnd(44, "<").slice(0, 44);
  const num = a.number.padEnd(9, "<");
  const personal = "<".repeat(14);
  const body = `${num}${mrzCheckDigit(num)}IND${yymmdd(a.dob)}${mrzCheckDigit(yymmdd(a.dob))}${a.sex}${yymmdd(a.expiry)}${mrzCheckDigit(yymmdd(a.expiry))}${personal}${mrzCheckDigit(personal)}`;
  const composite = body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43);
  return [line1, `${body}${mrzCheckDigit(composite)}`];
}

/** A random date in a year range (day 1-28). */
export { randomDate };
