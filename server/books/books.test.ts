import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { addMonths, daysBetween, monthDays, monthOf } from "../../app/lib/business-day.ts";
import { askedMonth, buildBooks, monthFigures, monthLabel, monthNeighbours, netCents, openItems } from "./books.ts";
import { INVOICE_COLUMNS, invoicesCsv, PAYMENT_COLUMNS, paymentsCsv } from "./books-csv.ts";
import { input, invoices } from "./books.fixture-data.ts";

const [invoice] = invoices;
if (!invoice) throw new Error("the fixture has an invoice");
import { collectedBySource, daysToPaid } from "./money-report.ts";

describe("months on the business's calendar", () => {
  it("steps months across years and finds their last days, leap Februaries included", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-11", -23)).toBe("2024-12");
    expect(monthDays("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(monthDays("2026-11")).toEqual({ first: "2026-11-01", last: "2026-11-30" });
    expect(monthOf("2026-11-28")).toBe("2026-11");
    expect(daysBetween("2026-10-15", "2026-10-31")).toBe(16);
    // Across the fall change: calendar days, not 24-hour spans.
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
    expect(monthLabel("2026-11")).toBe("November 2026");
  });

  it("takes a month asked for only as YYYY-MM, from 2000 to this month", () => {
    const today = "2026-11-28";
    expect(askedMonth(null, today)).toBe("2026-11");
    expect(askedMonth("2026-10", today)).toBe("2026-10");
    expect(askedMonth("2000-01", today)).toBe("2000-01");
    for (const bad of [
      "2026-12",
      "2027-01",
      "1999-12",
      "2026-13",
      "2026-00",
      "2026-1",
      " 2026-11",
      "2026-11-01",
      "",
      "x",
    ])
      expect(askedMonth(bad, today), bad).toBeNull();
    expect(monthNeighbours("2026-11", today)).toEqual({ previous: "2026-10", next: null });
    expect(monthNeighbours("2026-10", today)).toEqual({ previous: "2026-09", next: "2026-11" });
    expect(monthNeighbours("2000-01", today).previous).toBeNull();
  });
});

describe("the books", () => {
  const books = buildBooks(input);

  it("keeps what each deposit and invoice asks, what came in and what is owed", () => {
    const byKey = new Map(books.items.map((i) => [i.key, i]));
    expect(byKey.get("deposit-1")).toMatchObject({ state: "paid", paidCents: 55_000, owedCents: 0 });
    expect(byKey.get("deposit-2")).toMatchObject({ state: "pending", pendingCents: 30_000, owedCents: 0 });
    // No deposit asked: no row.
    expect(byKey.has("deposit-3")).toBe(false);
    // A refund does not make the deposit owed again.
    expect(byKey.get("deposit-5")).toMatchObject({ state: "paid", owedCents: 0 });
    expect(byKey.get("deposit-6")).toMatchObject({ state: "owed", owedCents: 12_345, since: "2026-11-21" });
    expect(byKey.get("invoice-7")).toMatchObject({ state: "partly paid", owedCents: 60_000, document: "INV-0007" });
    expect(openItems(books).map((i) => i.key)).toEqual(["deposit-2", "invoice-7", "deposit-6"]);
  });

  it("counts a payment in the month of its business day, across the clock changes", () => {
    const october = monthFigures(books, "2026-10");
    expect(october.paidCents).toBe(55_000);
    expect(october.payments.map((p) => [p.day, p.method, p.cents])).toEqual([
      ["2026-10-31", "card", 35_000],
      ["2026-10-31", "check", 20_000],
    ]);
    const november = monthFigures(books, "2026-11");
    // Settled in November: the invoice's Zelle and the detached contract's cash; the pending bank payment is not.
    expect(november.paidCents).toBe(50_000);
    expect(november.pendingCents).toBe(30_000);
    expect(november.owedCents).toBe(60_000 + 12_345);
    expect(november.payments.map((p) => p.day)).toEqual(["2026-11-30", "2026-11-12", "2026-11-05"]);
    // Settled less what was refunded.
    expect(monthFigures(books, "2027-03").paidCents).toBe(20_000);
    expect(monthFigures(books, "2027-04").payments).toEqual([]);
    expect(netCents({ cents: 100, refundedCents: 0, state: "failed" })).toBe(0);
  });

  it("gives the same months whatever the server's own zone", () => {
    const fixture = fileURLToPath(new URL("./books.fixture.ts", import.meta.url));
    const runs = ["UTC", "America/Chicago", "Asia/Tokyo", "Pacific/Kiritimati", "America/Los_Angeles"].map((tz) => {
      const run = spawnSync(process.execPath, ["--import", "tsx", fixture], {
        env: { ...process.env, TZ: tz },
        encoding: "utf8",
      });
      if (run.status !== 0) throw new Error(run.stderr);
      return run.stdout;
    });
    expect(JSON.parse(runs[0] ?? "")).toEqual([
      { month: "2026-10", paid: 55_000, days: ["2026-10-31", "2026-10-31"] },
      { month: "2026-11", paid: 50_000, days: ["2026-11-30", "2026-11-12", "2026-11-05"] },
      { month: "2027-03", paid: 20_000, days: ["2027-03-31"] },
    ]);
    expect(new Set(runs).size).toBe(1);
  }, 60_000);
});

describe("the reports' money", () => {
  const books = buildBooks(input);

  it("sums settled money by the source of the request; a detached contract under Direct", () => {
    const rows = collectedBySource(books, input.contracts, "2026-09-01");
    const by = Object.fromEntries(rows.map((r) => [r.label, r.cents]));
    expect(by).toEqual({
      Search: 20_000 + 35_000,
      "Google Business Profile": 40_000,
      Campaigns: 0,
      "Other websites": 0,
      // The detached contract's cash, and a request that recorded no source (the refund taken off).
      Direct: 10_000 + 20_000,
    });
    expect(rows.find((r) => r.label === "Search")?.payments).toBe(2);
    // Before the window: left out.
    expect(collectedBySource(books, input.contracts, "2026-11-01").find((r) => r.label === "Search")?.cents).toBe(0);
  });

  it("counts days from the quote's first sending to paid in full: the deposit, or every invoice", () => {
    // Q1: sent Oct 15, deposit complete Oct 31 (16 days); Q4: sent Nov 1, cash Nov 5 (4); Q5: Mar 1 to Mar 31 (30).
    expect(daysToPaid(books, input.contracts, invoices, "2026-09-01", "America/Chicago")).toEqual({
      count: 3,
      medianDays: 16,
    });
    // Once the invoice is paid, the job with one counts from its invoice, not its deposit.
    const paid = [{ ...invoice, state: "paid" as const, paidDay: "2026-11-20", owedCents: 0 }];
    expect(
      daysToPaid(buildBooks({ ...input, invoices: paid }), input.contracts, paid, "2026-11-01", "America/Chicago"),
    ).toEqual({ count: 3, medianDays: 17 });
  });
});

/** A CSV's cells, read back as a spreadsheet would (every cell quoted, CRLF rows). */
function parseCsv(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text
    .slice(1)
    .split("\r\n")
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => (m[1] ?? "").replaceAll('""', '"')));
}

describe("the accountant's files", () => {
  const books = buildBooks(input);

  it("has one row per payment in the range, amounts as 1234.56, days as YYYY-MM-DD", () => {
    const rows = parseCsv(paymentsCsv(books, "2026-10-01", "2027-03-31"));
    expect(rows[0]).toEqual([...PAYMENT_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      ["2026-10-31", "Deposit", "Q-AAAA01", "Dana Whitfield", "check", "200.00", "0.00", "200.00", "paid"],
      ["2026-10-31", "Deposit", "Q-AAAA01", "Dana Whitfield", "card", "350.00", "0.00", "350.00", "paid"],
      ["2026-11-05", "Deposit", "Q-AAAA04", "Pat Kim", "cash", "100.00", "0.00", "100.00", "paid"],
      ["2026-11-12", "Invoice", "INV-0007", "Lee Park", "Zelle", "400.00", "0.00", "400.00", "paid"],
      ["2026-11-30", "Deposit", "Q-AAAA02", "Sam Ortiz", "bank (ACH)", "300.00", "0.00", "0.00", "pending"],
      ["2027-03-31", "Deposit", "Q-AAAA05", "Robin Hale", "card", "250.00", "50.00", "200.00", "paid"],
    ]);
    expect(parseCsv(paymentsCsv(books, "2026-11-01", "2026-11-30"))).toHaveLength(4);
  });

  it("neutralises a name a spreadsheet would run as a formula", () => {
    const formula = buildBooks({
      ...input,
      ownerDeposits: [
        ...input.ownerDeposits,
        { id: 9, quote_id: 6, cents: 100, method: "+cmd", received_on: "2026-11-22" },
      ],
    });
    const text = paymentsCsv(formula, "2026-11-22", "2026-11-22");
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(`"'+cmd"`);
    expect(parseCsv(text)[1]?.[3]).toBe(`'=HYPERLINK("http://x")`);
  });

  it("has one row per invoice sent in the range, with its quote", () => {
    const rows = parseCsv(invoicesCsv(invoices, new Map([[3, "Q-AAAA03"]]), "2026-11-01", "2026-11-30"));
    expect(rows).toEqual([
      [...INVOICE_COLUMNS],
      ["2026-11-10", "INV-0007", "Q-AAAA03", "Lee Park", "1000.00", "400.00", "0.00", "600.00", "partly paid", ""],
    ]);
  });
});
