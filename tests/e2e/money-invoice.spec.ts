// The owner's books and an invoice (decisions 0042, 0043): a sent invoice is owed on the Money page; the owner records
// part of it by Zelle (the amount changed before the second tap), then the rest by cash, and the invoice's own page
// in the console says Paid. A server of its own, so the figures are this story's alone.
import { expect, test, type Page } from "@playwright/test";
import { dollarsInput, formatCents } from "../../server/quotes/money.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { invoiceFigures } from "../../server/invoices/invoice-figures.ts";
import { business } from "../../app/content/business.ts";
import { seedInvoice } from "../support/seed-quote.ts";
import { addAuthenticator, enrol, ownServer } from "./owner-support";

const own = ownServer("money-invoice");
const server = own.server;
let invoice: { invoiceId: number; label: string; owed: number };

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await own.start();
  const { invoiceId } = seedInvoice(server.dataDir ?? "");
  const store = openEstimateStore({ dataDir: server.dataDir });
  try {
    const row = store.invoices.get(invoiceId);
    if (!row) throw new Error("no invoice");
    const f = invoiceFigures(store, row, business.timeZone);
    invoice = { invoiceId, label: f.label ?? "", owed: f.money.owed };
  } finally {
    store.close();
  }
  expect(invoice.owed).toBeGreaterThan(20_000);
});
test.afterAll(own.stop);

const row = (page: Page) =>
  page.getByRole("list", { name: "Owed and pending" }).getByRole("listitem").filter({ hasText: invoice.label });

test("the owner records an invoice paid part by Zelle, then the rest by cash, from Money", async ({ page }, info) => {
  page.setDefaultTimeout(15_000);
  const width = page.viewportSize()?.width ?? 0;
  await addAuthenticator(page);
  await enrol(page, "Phone", server);
  await page.goto(`${server.origin}/owner/money`);
  await expect(row(page)).toContainText("Sent, unpaid");
  await expect(row(page)).toContainText(formatCents(invoice.owed));

  const part = 20_000;
  await row(page).getByText("Record a payment").click();
  await row(page).getByLabel(/Amount received/).fill(dollarsInput(part));
  await row(page).getByRole("button", { name: "Zelle" }).click();
  await expect(page.getByRole("status")).toHaveText(`Recorded: ${formatCents(part)} by Zelle from Dana Whitfield.`);
  await expect(row(page)).toContainText("Partly paid");
  await expect(row(page)).toContainText(formatCents(invoice.owed - part));
  await page.screenshot({ path: info.outputPath(`money-invoice-part-${width}.png`), fullPage: true });

  await row(page).getByText("Record a payment").click();
  await expect(row(page).getByLabel(/Amount received/)).toHaveValue(dollarsInput(invoice.owed - part));
  await row(page).getByRole("button", { name: "Cash" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Recorded: ${formatCents(invoice.owed - part)} by cash from Dana Whitfield.`,
  );
  await expect(page.getByText("Nothing is owed.")).toBeVisible();
  const paid = page.getByRole("list", { name: /^Payments in / }).getByRole("listitem").filter({ hasText: invoice.label });
  await expect(paid).toHaveCount(2);

  await page.goto(`${server.origin}/owner/invoices/${invoice.invoiceId}`);
  await expect(page.getByLabel("State")).toHaveText("Paid");
  await page.screenshot({ path: info.outputPath(`invoice-paid-console-${width}.png`), fullPage: true });
});
