// A street address in USPS Publication 28 form, for matching (decision 0051): uppercase, no periods or commas, the
// street suffix abbreviated as Appendix C1 has it (Street → ST, Avenue → AVE), directionals as N S E W NE NW SE SW,
// the secondary unit as Appendix C2 has it (Apartment → APT, Suite → STE, "#"), and the ZIP code cut to five digits.
// It is a key, not a mailing address: no lookup against the USPS database, no guess at a missing part. Pure.

/** Appendix C1: the standard suffix abbreviation, by every common spelling (the standard one included). */
const SUFFIX_SPELLINGS: Record<string, readonly string[]> = {
  ALY: ["ALLEY", "ALLEE", "ALLY"],
  ANX: ["ANNEX", "ANEX", "ANNX"],
  ARC: ["ARCADE"],
  AVE: ["AVENUE", "AV", "AVEN", "AVENU", "AVN", "AVNUE"],
  BYU: ["BAYOU", "BAYOO"],
  BCH: ["BEACH"],
  BND: ["BEND"],
  BLF: ["BLUFF", "BLUF"],
  BLFS: ["BLUFFS"],
  BTM: ["BOTTOM", "BOT", "BOTTM"],
  BLVD: ["BOULEVARD", "BOUL", "BOULV"],
  BR: ["BRANCH", "BRNCH"],
  BRG: ["BRIDGE", "BRDGE"],
  BRK: ["BROOK"],
  BG: ["BURG"],
  BYP: ["BYPASS", "BYPA", "BYPAS", "BYPS"],
  CP: ["CAMP", "CMP"],
  CYN: ["CANYON", "CANYN", "CNYN"],
  CPE: ["CAPE"],
  CSWY: ["CAUSEWAY", "CAUSWA"],
  CTR: ["CENTER", "CEN", "CENT", "CENTR", "CENTRE", "CNTER", "CNTR"],
  CIR: ["CIRCLE", "CIRC", "CIRCL", "CRCL", "CRCLE"],
  CLF: ["CLIFF"],
  CLFS: ["CLIFFS"],
  CLB: ["CLUB"],
  CMN: ["COMMON"],
  COR: ["CORNER"],
  CORS: ["CORNERS"],
  CRSE: ["COURSE"],
  CT: ["COURT", "CRT"],
  CTS: ["COURTS"],
  CV: ["COVE"],
  CRK: ["CREEK"],
  CRES: ["CRESCENT", "CRSENT", "CRSNT"],
  CRST: ["CREST"],
  XING: ["CROSSING", "CRSSNG"],
  CURV: ["CURVE"],
  DL: ["DALE"],
  DM: ["DAM"],
  DV: ["DIVIDE", "DIV", "DVD"],
  DR: ["DRIVE", "DRIV", "DRV"],
  DRS: ["DRIVES"],
  EST: ["ESTATE"],
  ESTS: ["ESTATES"],
  EXPY: ["EXPRESSWAY", "EXP", "EXPR", "EXPRESS", "EXPW"],
  EXT: ["EXTENSION", "EXTN", "EXTNSN"],
  FLS: ["FALLS"],
  FRY: ["FERRY", "FRRY"],
  FLD: ["FIELD"],
  FLDS: ["FIELDS"],
  FLT: ["FLAT"],
  FRD: ["FORD"],
  FRST: ["FOREST", "FORESTS"],
  FRG: ["FORGE", "FORG"],
  FRK: ["FORK"],
  FT: ["FORT", "FRT"],
  FWY: ["FREEWAY", "FREEWY", "FRWAY", "FRWY"],
  GDN: ["GARDEN", "GARDN", "GRDEN", "GRDN"],
  GDNS: ["GARDENS", "GRDNS"],
  GTWY: ["GATEWAY", "GATEWY", "GATWAY", "GTWAY"],
  GLN: ["GLEN"],
  GRN: ["GREEN"],
  GRV: ["GROVE", "GROV"],
  HBR: ["HARBOR", "HARB", "HARBR", "HRBOR"],
  HVN: ["HAVEN"],
  HTS: ["HEIGHTS", "HT"],
  HWY: ["HIGHWAY", "HIGHWY", "HIWAY", "HIWY", "HWAY"],
  HL: ["HILL"],
  HLS: ["HILLS"],
  HOLW: ["HOLLOW", "HLLW", "HOLLOWS", "HOLWS"],
  INLT: ["INLET"],
  IS: ["ISLAND", "ISLND"],
  ISS: ["ISLANDS", "ISLNDS"],
  JCT: ["JUNCTION", "JCTION", "JCTN", "JUNCTN", "JUNCTON"],
  KY: ["KEY"],
  KNL: ["KNOLL", "KNOL"],
  LK: ["LAKE"],
  LKS: ["LAKES"],
  LNDG: ["LANDING", "LNDNG"],
  LN: ["LANE"],
  LGT: ["LIGHT"],
  LCK: ["LOCK"],
  LDG: ["LODGE", "LDGE", "LODG"],
  LOOP: ["LOOPS"],
  MALL: [],
  MNR: ["MANOR"],
  MDW: ["MEADOW"],
  MDWS: ["MEADOWS", "MEDOWS"],
  ML: ["MILL"],
  MSN: ["MISSION", "MISSN", "MSSN"],
  MT: ["MOUNT", "MNT"],
  MTN: ["MOUNTAIN", "MNTAIN", "MNTN", "MOUNTIN", "MTIN"],
  NCK: ["NECK"],
  ORCH: ["ORCHARD", "ORCHRD"],
  OVAL: ["OVL"],
  PARK: ["PRK"],
  PKWY: ["PARKWAY", "PARKWY", "PKWAY", "PKY"],
  PASS: [],
  PATH: ["PATHS"],
  PIKE: ["PIKES"],
  PNE: ["PINE"],
  PNES: ["PINES"],
  PL: ["PLACE"],
  PLN: ["PLAIN"],
  PLNS: ["PLAINS"],
  PLZ: ["PLAZA", "PLZA"],
  PT: ["POINT"],
  PTS: ["POINTS"],
  PRT: ["PORT"],
  PR: ["PRAIRIE", "PRR"],
  RADL: ["RADIAL", "RAD", "RADIEL"],
  RNCH: ["RANCH", "RANCHES", "RNCHS"],
  RPDS: ["RAPIDS"],
  RST: ["REST"],
  RDG: ["RIDGE", "RDGE"],
  RIV: ["RIVER", "RVR", "RIVR"],
  RD: ["ROAD"],
  RDS: ["ROADS"],
  RTE: ["ROUTE"],
  ROW: [],
  RUN: [],
  SHL: ["SHOAL"],
  SHR: ["SHORE", "SHOAR"],
  SPG: ["SPRING", "SPNG", "SPRNG"],
  SPGS: ["SPRINGS", "SPNGS", "SPRNGS"],
  SQ: ["SQUARE", "SQR", "SQRE", "SQU"],
  STA: ["STATION", "STATN", "STN"],
  STRM: ["STREAM", "STREME"],
  ST: ["STREET", "STRT", "STR"],
  STS: ["STREETS"],
  SMT: ["SUMMIT", "SUMIT", "SUMITT"],
  TER: ["TERRACE", "TERR"],
  TRCE: ["TRACE", "TRACES"],
  TRAK: ["TRACK", "TRACKS", "TRK", "TRKS"],
  TRL: ["TRAIL", "TRAILS", "TRLS"],
  TUNL: ["TUNNEL", "TUNEL", "TUNLS", "TUNNELS", "TUNNL"],
  TPKE: ["TURNPIKE", "TRNPK", "TURNPK"],
  UN: ["UNION"],
  VLY: ["VALLEY", "VALLY", "VLLY"],
  VIA: ["VIADUCT", "VDCT", "VIADCT"],
  VW: ["VIEW"],
  VLG: ["VILLAGE", "VILL", "VILLAG", "VILLG", "VILLIAGE"],
  VIS: ["VISTA", "VIST", "VST", "VSTA"],
  WALK: ["WALKS"],
  WAY: ["WY"],
  WLS: ["WELLS"],
};

const SUFFIXES = new Map<string, string>();
for (const [standard, spellings] of Object.entries(SUFFIX_SPELLINGS)) {
  SUFFIXES.set(standard, standard);
  for (const s of spellings) SUFFIXES.set(s, standard);
}

const DIRECTIONALS = new Map<string, string>([
  ["NORTH", "N"],
  ["SOUTH", "S"],
  ["EAST", "E"],
  ["WEST", "W"],
  ["NORTHEAST", "NE"],
  ["NORTHWEST", "NW"],
  ["SOUTHEAST", "SE"],
  ["SOUTHWEST", "SW"],
  ...["N", "S", "E", "W", "NE", "NW", "SE", "SW"].map((d): [string, string] => [d, d]),
]);

/** Appendix C2: secondary unit designators; those in NO_NUMBER stand alone ("REAR"). */
const UNITS = new Map<string, string>([
  ["APARTMENT", "APT"],
  ["APT", "APT"],
  ["BASEMENT", "BSMT"],
  ["BSMT", "BSMT"],
  ["BUILDING", "BLDG"],
  ["BLDG", "BLDG"],
  ["DEPARTMENT", "DEPT"],
  ["DEPT", "DEPT"],
  ["FLOOR", "FL"],
  ["FL", "FL"],
  ["FRONT", "FRNT"],
  ["FRNT", "FRNT"],
  ["HANGAR", "HNGR"],
  ["LOBBY", "LBBY"],
  ["LOT", "LOT"],
  ["LOWER", "LOWR"],
  ["OFFICE", "OFC"],
  ["OFC", "OFC"],
  ["PENTHOUSE", "PH"],
  ["PH", "PH"],
  ["PIER", "PIER"],
  ["REAR", "REAR"],
  ["ROOM", "RM"],
  ["RM", "RM"],
  ["SIDE", "SIDE"],
  ["SLIP", "SLIP"],
  ["SPACE", "SPC"],
  ["SPC", "SPC"],
  ["SUITE", "STE"],
  ["STE", "STE"],
  ["TRAILER", "TRLR"],
  ["TRLR", "TRLR"],
  ["UNIT", "UNIT"],
  ["UPPER", "UPPR"],
  ["UPPR", "UPPR"],
  ["#", "#"],
]);
const NO_NUMBER = new Set(["BSMT", "FRNT", "LBBY", "LOWR", "OFC", "PH", "REAR", "SIDE", "UPPR"]);

const ORDINALS = new Map<string, string>(
  [
    "FIRST",
    "SECOND",
    "THIRD",
    "FOURTH",
    "FIFTH",
    "SIXTH",
    "SEVENTH",
    "EIGHTH",
    "NINTH",
    "TENTH",
    "ELEVENTH",
    "TWELFTH",
  ].map((word, i): [string, string] => [word, `${i + 1}${i === 0 ? "ST" : i === 1 ? "ND" : i === 2 ? "RD" : "TH"}`]),
);

function words(text: string): string[] {
  const tokens = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[.,;]/g, " ")
    .replace(/#/g, " # ")
    .replace(/\bP\s*O\s+BOX\b/g, "PO BOX")
    .split(/\s+/)
    .filter(Boolean);
  // "Apt #2": the designator says it; the "#" adds nothing.
  return tokens.filter((t, i) => !(t === "#" && i > 0 && UNITS.has(tokens[i - 1] ?? "")));
}

/** Where the secondary unit starts among the words, or -1. A number and a name come first. */
function unitStart(tokens: readonly string[]): number {
  for (let i = 2; i < tokens.length; i++) {
    const unit = UNITS.get(tokens[i] ?? "");
    if (!unit) continue;
    const rest = tokens.length - i - 1;
    if (unit === "#" && rest >= 1) return i;
    if (!NO_NUMBER.has(unit) && rest === 1) return i;
    // "MAIN ST REAR", but not "LAKE FRONT": a unit without a number only after a suffix.
    if (NO_NUMBER.has(unit) && rest === 0 && i >= 3 && SUFFIXES.has(tokens[i - 1] ?? "")) return i;
  }
  return -1;
}

/** The unit part, standardised: "APT 2", "# 2", "REAR". */
function unitPart(tokens: readonly string[]): string[] {
  const [designator = "", ...rest] = tokens;
  return [UNITS.get(designator) ?? designator, ...rest];
}

/** The street words of a delivery line (no unit), standardised. */
function streetPart(tokens: readonly string[]): string[] {
  if (tokens[0] === "PO" && tokens[1] === "BOX") return [...tokens];
  const out = tokens.map((t) => ORDINALS.get(t) ?? t);
  // The house number and its fraction stay as they are; the name starts after them.
  let first = /\d/.test(out[0] ?? "") ? 1 : 0;
  if (/^\d+\/\d+$/.test(out[first] ?? "")) first += 1;
  let last = out.length - 1;
  // Post-directional: the last word, after a name and its suffix ("MAIN ST N").
  const post = DIRECTIONALS.get(out[last] ?? "");
  if (post && last - first >= 2 && SUFFIXES.has(out[last - 1] ?? "")) {
    out[last] = post;
    last -= 1;
  }
  // Pre-directional: the first word, unless all that follows it is a suffix ("NORTH ST" is a street named North).
  const pre = DIRECTIONALS.get(out[first] ?? "");
  const isPre = pre !== undefined && last > first && !(last === first + 1 && SUFFIXES.has(out[last] ?? ""));
  if (isPre) out[first] = pre;
  // Suffix: the last word, when a name word stands before it ("PARK AVE", but a street named "PARK" stays).
  const nameStart = isPre ? first + 1 : first;
  const suffix = SUFFIXES.get(out[last] ?? "");
  if (suffix && last > nameStart) out[last] = suffix;
  return out;
}

/**
 * The delivery line in Publication 28 form: "1204 North Main Street, Apt. 2" → "1204 N MAIN ST APT 2". `line2` is a
 * second address line ("Apt 2"), joined on. Null when nothing is left to match on.
 */
export function pub28Line(street: string, line2 = ""): string | null {
  const tokens = words(`${street} ${line2}`);
  if (tokens.length === 0) return null;
  const unitAt = unitStart(tokens);
  const main = unitAt < 0 ? tokens : tokens.slice(0, unitAt);
  const unit = unitAt < 0 ? [] : unitPart(tokens.slice(unitAt));
  return [...streetPart(main), ...unit].join(" ");
}

/**
 * The match key: the Publication 28 line with any unit designator written "#", so "APT 2", "UNIT 2" and "#2" meet.
 * Null without a street.
 */
export function addressKey(street: string, line2 = ""): string | null {
  const line = pub28Line(street, line2);
  if (!line) return null;
  const tokens = line.split(" ");
  const at = unitStart(tokens);
  if (at < 0) return line;
  const unit = tokens.slice(at);
  const number = unit.length > 1 ? unit.slice(1).join(" ") : (unit[0] ?? "");
  return [...tokens.slice(0, at), "#", number].join(" ");
}

/** "61701-1234", "61701", " 06103 " → the first five digits; null when it is not a ZIP code. */
export function zip5(zip: string): string | null {
  const m = /^\s*(\d{5})(?:[\s-]?\d{4})?\s*$/.exec(zip);
  return m?.[1] ?? null;
}

/** A town folded for matching: "Bloomington ", "BLOOMINGTON" → "BLOOMINGTON". */
export function townKey(town: string): string {
  return words(town).join(" ");
}

/** A street word's Publication 28 abbreviation ("STREET" → "ST", "NORTH" → "N"), for search; null when none. */
export function pub28Word(word: string): string | null {
  const upper = word.toUpperCase();
  const standard = SUFFIXES.get(upper) ?? DIRECTIONALS.get(upper) ?? ORDINALS.get(upper) ?? UNITS.get(upper) ?? null;
  return standard === upper ? null : standard;
}
