// A realistic sent condition report, for the unit tests and the benchmark (not a test itself): two flues, each with
// the 14 parts recorded; 10 findings that need something (Do not use, Repair now, Watch), each with two photos; the
// Good parts each with a baseline photo up to `photos` in all (30 by default); and one part not inspected. Built from
// store rows through buildSnapshot, with the site's own words, so it is exactly what a send freezes.
import sharp from "sharp";
import { REPORT_PARTS, type FindingState, type ReportPart } from "../../app/content/condition-report.ts";
import { readFindingsWords } from "./report-words.ts";
import { readReportWords } from "./report-page-words.ts";
import { buildSnapshot, type ReportSnapshot } from "./report-snapshot.ts";
import type { FindingRow, ReportRow } from "../store/condition-reports.ts";
import type { ReportPhotoRow } from "../store/report-photos.ts";
import type { FlueRow } from "../store/flues.ts";
import { sha256Hex } from "../documents/canonical-json.ts";

type Plan = { part: ReportPart; state: FindingState; defect?: string; doNotUse?: boolean; note?: string };

/** What each flue needs: 5 findings with photos on each of the two, the rest Good, one Not inspected. */
export const FIXTURE_PLAN: Plan[][] = [
  [
    { part: "crown", state: "repair", defect: "cracked", note: "Open crack across the north side of the crown." },
    { part: "flashing", state: "repair", note: "Flashing pulled away from the brick on the uphill side." },
    { part: "mortar", state: "watch", note: "Joints sandy on the west face, about 1/8 inch deep." },
    { part: "flue-liner", state: "repair", doNotUse: true, note: "Two tiles cracked at 12 and 14 feet." },
    { part: "creosote", state: "watch", note: "Stage 2 creosote in the smoke chamber." },
    { part: "clearances", state: "not-inspected" },
  ],
  [
    { part: "cap", state: "repair", defect: "missing" },
    { part: "chase-cover", state: "watch", note: "Rust streaks at the corners." },
    { part: "bricks", state: "repair", note: "Spalled faces on six bricks below the crown." },
    { part: "damper", state: "repair", note: "Damper will not close fully." },
    { part: "firebox", state: "watch", note: "Hairline crack in the back wall's firebrick." },
  ],
];

const AT = "2027-03-16T15:00:00.000Z";

/** The grain laid over every fixture photo of a size: made once (it is most of a photo's making), so 30 take seconds. */
const grains = new Map<string, Promise<Buffer>>();
function grain(w: number, h: number): Promise<Buffer> {
  const key = `${w}x${h}`;
  let made = grains.get(key);
  if (!made) {
    made = sharp({
      create: {
        width: Math.round(w / 2),
        height: Math.round(h / 2),
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .resize(w, h, { kernel: "cubic" })
      .png({ compressionLevel: 1 })
      .toBuffer();
    grains.set(key, made);
  }
  return made;
}

/** A JPEG like the phone's PDF copy of a photo: sky, roof and brick with grain, 1200 px q70 (about 100-130 KB). */
export async function fixturePhoto(seed: number, side = 1200): Promise<Buffer> {
  const w = side;
  const h = Math.round((side * 3) / 4);
  const noise = await grain(w, h);
  const hue = 90 + ((seed * 37) % 60);
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#9bbbd9"/>` +
      `<rect x="${w * 0.3}" y="${h * 0.1}" width="${w * 0.35}" height="${h}" fill="rgb(${hue + 60},70,50)"/>` +
      `<polygon points="0,${h * 0.65} ${w},${h * 0.5} ${w},${h} 0,${h}" fill="#2b2b30"/></svg>`,
  );
  return sharp(scene)
    .composite([{ input: noise, blend: "soft-light" }])
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer();
}

export type FixtureReport = { snapshot: ReportSnapshot; photos: Map<string, Buffer> };

/** The report, its photos' PDF copies by hash; `photos` photos in all. */
export async function fixtureReport({
  photos = 30,
  repoDir = process.cwd(),
  version = 1,
  reason = null as string | null,
} = {}): Promise<FixtureReport> {
  const words = readFindingsWords(repoDir);
  const page = readReportWords(repoDir).page;
  const flues: FlueRow[] = ["Living room", "Basement furnace"].map((label, i) => ({
    id: 11 + i,
    property_id: 5,
    label,
    appliance: "fireplace",
    fuel: "wood",
    use_level: "occasional",
    notes: "",
    last_service_day: null,
    due_override: null,
    cadence_months: null,
    created_at: AT,
    updated_at: AT,
  }));
  const findings: FindingRow[] = [];
  flues.forEach((flue, f) => {
    for (const part of REPORT_PARTS) {
      const plan = FIXTURE_PLAN[f]?.find((p) => p.part === part) ?? { part, state: "good" as const };
      const defect = plan.defect ?? (plan.state === "good" ? undefined : words.parts[part].defects[0]?.key);
      findings.push({
        id: 100 + findings.length,
        report_id: 7,
        flue_id: flue.id,
        part,
        state: plan.state,
        do_not_use: plan.doNotUse ? 1 : 0,
        defect: plan.state === "not-inspected" ? null : (defect ?? null),
        note: plan.note ?? "",
        worse_if: plan.state === "watch" ? "Another winter of water getting in and freezing." : "",
        recheck_day: plan.state === "watch" ? "2027-10-01" : null,
        not_inspected_why: plan.state === "not-inspected" ? "It is behind a finished wall or ceiling." : "",
        previous_id: null,
        trend: null,
        rev: 1,
        created_at: AT,
        updated_at: AT,
      });
    }
  });
  // Two photos for each finding that needs something, then one for Good parts until `photos` are used.
  const owners = [
    ...findings.filter((f) => f.state === "repair" || f.state === "watch").flatMap((f) => [f, f]),
    ...findings.filter((f) => f.state === "good"),
  ].slice(0, photos);
  const bytes = new Map<string, Buffer>();
  const rows: ReportPhotoRow[] = [];
  for (const [i, finding] of owners.entries()) {
    const jpeg = await fixturePhoto(i + 1);
    const sha = sha256Hex(jpeg);
    bytes.set(sha, jpeg);
    rows.push({
      id: i + 1,
      client_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
      report_id: 7,
      finding_id: finding.id,
      named_at: AT,
      stored_at: AT,
      upload_sha256: sha,
      sha256: sha,
      bytes_in: jpeg.length,
      width: 2048,
      height: 1536,
    });
  }
  const report: ReportRow = {
    id: 7,
    estimate_id: 3,
    visit_id: 4,
    property_id: 5,
    nfpa_level: 2,
    weather: "dry",
    roof_access: "ladder",
    limits: "The attic above the living room had no hatch.",
    rev: 40,
    current_version: null,
    created_at: AT,
    updated_at: AT,
    first_sent_at: null,
  };
  const snapshot = buildSnapshot({
    report,
    findings,
    photos: rows,
    flues,
    words,
    page,
    business: {
      name: "Heartland Chimney & Masonry",
      address: "Bloomington, IL",
      phone: "(309) 555-0100",
      email: "office@example.com",
    },
    customer: { name: "Dana Whitfield", street: "1204 N Main St", town: "Bloomington" },
    visitDay: "2027-03-16",
    version,
    reason,
    sentAt: AT,
    timeZone: "America/Chicago",
  });
  return { snapshot, photos: bytes };
}
