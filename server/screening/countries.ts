/**
 * Country names as sanctions lists write them (`Pakistan`, `Iran (Islamic Republic of)`,
 * `Russian Federation`, `Korea, North`) to ISO 3166-1 alpha-2 codes, so that a subject's country
 * compares with an entry's nationalities. English names come from the runtime's CLDR data
 * (`Intl.DisplayNames`); the UN and OFAC spellings CLDR does not use are listed below.
 */

/** Codes CLDR still names but that are not current countries (withdrawn, reserved or pseudo regions). */
const NOT_COUNTRIES = new Set([
  "AC",
  "AN",
  "BU",
  "CP",
  "CQ",
  "CS",
  "DD",
  "DG",
  "DY",
  "EA",
  "EU",
  "EZ",
  "FX",
  "HV",
  "IC",
  "NH",
  "QO",
  "RH",
  "SU",
  "TA",
  "TP",
  "UK",
  "UN",
  "VD",
  "XA",
  "XB",
  "YD",
  "YU",
  "ZR",
  "ZZ",
]);

/** UN and OFAC spellings that CLDR's English names do not cover. */
const LIST_SPELLINGS: Record<string, string> = {
  "RUSSIAN FEDERATION": "RU",
  "IRAN ISLAMIC REPUBLIC OF": "IR",
  "SYRIAN ARAB REPUBLIC": "SY",
  "DEMOCRATIC PEOPLES REPUBLIC OF KOREA": "KP",
  "KOREA NORTH": "KP",
  "REPUBLIC OF KOREA": "KR",
  "KOREA SOUTH": "KR",
  "UNITED REPUBLIC OF TANZANIA": "TZ",
  "VIET NAM": "VN",
  "BOLIVIA PLURINATIONAL STATE OF": "BO",
  "VENEZUELA BOLIVARIAN REPUBLIC OF": "VE",
  "LAO PEOPLES DEMOCRATIC REPUBLIC": "LA",
  "UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND": "GB",
  "UNITED STATES OF AMERICA": "US",
  "REPUBLIC OF MOLDOVA": "MD",
  "DEMOCRATIC REPUBLIC OF THE CONGO": "CD",
  "CONGO DEMOCRATIC REPUBLIC OF THE": "CD",
  "REPUBLIC OF THE CONGO": "CG",
  CONGO: "CG",
  "COTE DIVOIRE": "CI",
  "IVORY COAST": "CI",
  "STATE OF PALESTINE": "PS",
  PALESTINIAN: "PS",
  "WEST BANK": "PS",
  GAZA: "PS",
  BURMA: "MM",
  MYANMAR: "MM",
  TURKEY: "TR",
  SWAZILAND: "SZ",
  "CZECH REPUBLIC": "CZ",
  MACEDONIA: "MK",
  "THE FORMER YUGOSLAV REPUBLIC OF MACEDONIA": "MK",
  "CAPE VERDE": "CV",
  "EAST TIMOR": "TL",
  "HONG KONG": "HK",
  MACAU: "MO",
  MACAO: "MO",
  UAE: "AE",
  USA: "US",
  UK: "GB",
};

/** Upper case, diacritics and punctuation dropped, `&` -> `AND`, single spaces. */
function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/&/g, " AND ")
    .replace(/\bST\b\.?/g, "SAINT")
    .replace(/['’]/g, "")
    .replace(/[^A-Z]+/g, " ")
    .trim();
}

function buildCodes(): { byName: Map<string, string>; codes: Set<string> } {
  const byName = new Map<string, string>();
  const codes = new Set<string>();
  const display = new Intl.DisplayNames(["en"], { type: "region" });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      const name = display.of(code);
      if (!name || name === code) continue;
      codes.add(code);
      byName.set(nameKey(name), code);
      // "Myanmar (Burma)", "Congo - Kinshasa": the part before the qualifier names it too
      const bare = name.split(/\s+[(-]/)[0];
      if (bare && bare !== name && !byName.has(nameKey(bare))) byName.set(nameKey(bare), code);
    }
  }
  for (const [name, code] of Object.entries(LIST_SPELLINGS)) byName.set(nameKey(name), code);
  return { byName, codes };
}

const { byName: CODE_BY_NAME, codes: COUNTRY_CODES } = buildCodes();

/** Whether `code` is a current ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

/**
 * The ISO 3166-1 alpha-2 code of a country as a list writes it (`Pakistan` -> `PK`,
 * `Iran (Islamic Republic of)` -> `IR`, a code itself -> the code), or the name in upper case
 * when it is not a known country (kept so it still compares with itself).
 */
export function countryCode(name: string): string {
  const trimmed = name.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase();
  const key = nameKey(trimmed);
  return CODE_BY_NAME.get(key) ?? CODE_BY_NAME.get(key.replace(/^THE /, "")) ?? CODE_BY_NAME.get(nameKey(trimmed.replace(/\(.*\)/, ""))) ?? key;
}
