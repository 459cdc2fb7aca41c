// A Jobber client export of any length, with Jobber's own headers (research §2.5), the same every time (a seeded
// generator): clients in and around Bloomington, 2% of them with a phone that lost its area code, 1% a second
// client with the phone of the row before, 40% saying yes to visit reminders. For tools/bench-import.ts and stories.
import { toCsv } from "../../server/requests/csv.ts";
import { seededRandom } from "./seeded-random.ts";

const JOBBER = [
  "J-ID",
  "Created Date",
  "Is Company?",
  "Display Name",
  "Company Name",
  "Title",
  "First Name",
  "Last Name",
  "Main Phone #s",
  "E-mails",
  "Tags",
  "Billing Street 1",
  "Billing Street 2",
  "Billing City",
  "Billing State",
  "Billing Country",
  "Billing Zip code",
  "CFT[Gate code]",
  "Work Phone #s",
  "Mobile Phone #s",
  "Home Phone #s",
  "Fax Phone #s",
  "Other Phone #s",
  "Service Property Name",
  "Service Street 1",
  "Service Street 2",
  "Service City",
  "Service State",
  "Service Country",
  "Service Zip code",
  "Text Message Enabled Phone #",
  "Receives automatic visit reminders?",
  "Receives automatic job follow-ups?",
  "Receives automatic quote follow-ups?",
  "Receives automatic invoice follow-ups?",
  "Archived",
  "Lead Source",
  "PFT[Chimney notes]",
] as const;

/** A Jobber client export of `rows` clients in and around Bloomington, the same every run. */
export function jobberExport(rows: number): Buffer {
  const random = seededRandom(65);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const first = ["Margaret", "Dale", "Renée", "Ann", "Luis", "Gwen", "Walter", "Carol", "Irene", "Paul", "Nora", "Ed"];
  const last = ["Hollis", "Kowalski", "Dubois", "O'Neil", "Ortega", "Sato", "Pruitt", "Nguyen", "Castillo", "Marsh"];
  const streets = [
    "N Main St",
    "E Jefferson St",
    "Fox Creek Rd",
    "Hovey Ave",
    "Kern Dr",
    "W Locust St",
    "Broadway Ave",
  ];
  const towns: [string, string][] = [
    ["Bloomington", "61701"],
    ["Normal", "61761"],
    ["Bloomington", "61704"],
    ["Le Roy", "61752"],
  ];
  const phone = () =>
    `(309) ${200 + Math.floor(random() * 700)}-${String(Math.floor(random() * 10000)).padStart(4, "0")}`;
  const records: Record<string, string>[] = [];
  for (let i = 0; i < rows; i++) {
    const f = pick(first);
    const l = pick(last);
    const [town, zip] = pick(towns);
    const street = `${100 + Math.floor(random() * 3000)} ${pick(streets)}`;
    const again = i > 0 && random() < 0.01;
    records.push({
      "J-ID": String(10_000 + i),
      "Created Date": "2021-05-04",
      "Is Company?": "false",
      "Display Name": `${f} ${l}`,
      "First Name": f,
      "Last Name": l,
      // 2% have lost their area code; 1% are a second Jobber client with the same phone as the row before.
      "Main Phone #s": again ? (records[i - 1]?.["Main Phone #s"] ?? phone()) : random() < 0.02 ? "828-1234" : phone(),
      "E-mails": `${f}.${l}.${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ""),
      Tags: pick(["annual sweep", "masonry", "", "fireplace insert"]),
      "Billing Street 1": street,
      "Billing City": town,
      "Billing State": "IL",
      "Billing Country": "United States",
      "Billing Zip code": zip,
      "Mobile Phone #s": random() < 0.3 ? phone() : "",
      "Service Street 1": street,
      "Service City": town,
      "Service State": "IL",
      "Service Country": "United States",
      "Service Zip code": zip,
      "Receives automatic visit reminders?": random() < 0.4 ? "true" : "false",
      "Receives automatic job follow-ups?": "true",
      "Receives automatic quote follow-ups?": "true",
      "Receives automatic invoice follow-ups?": "true",
      Archived: "false",
      "Lead Source": pick(["Google", "Referral", "Yard sign", ""]),
      "PFT[Chimney notes]": random() < 0.2 ? "Clay liner, cap replaced 2021" : "",
    });
  }
  return Buffer.from(toCsv(JOBBER, records));
}
