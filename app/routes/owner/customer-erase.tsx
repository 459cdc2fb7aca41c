// The customer page's last card: "Erase this customer", for when a homeowner asks to be forgotten. It says in plain
// words what goes and what is kept and why (the books' records and a signed contract; the do-not-mail code), and
// asks for a tick before the one button; the action erases in one transaction (server/customers/customer-erasure.ts).
import { CONTRACT_YEARS } from "~/lib/contract-retention";
import { REPORT_YEARS } from "~/content/condition-report";
import type { ErasurePreview } from "../../../server/customers/customer-erasure.ts";
import { Button, Card, CsrfField } from "./ui";

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function CustomerErase({ csrf, name, erasure }: { csrf: string; name: string; erasure: ErasurePreview }) {
  const others = erasure.customers - 1;
  return (
    <Card className="mb-4">
      <details>
        <summary className="min-h-11 cursor-pointer py-2 font-serif text-xl font-bold">Erase this customer</summary>
        <p className="mb-3">When {name} asks for their details to be deleted. It cannot be undone.</p>
        <h3 className="font-semibold">What goes</h3>
        <ul className="mb-3 list-disc pl-5">
          <li>
            This record
            {others > 0 && ` and ${n(others, "other record", "other records")} merged into it or with the same e-mail`},
            with their name, notes, e-mails and phones.
          </li>
          <li>{n(erasure.places, "place", "places")} with their chimneys.</li>
          <li>
            {n(erasure.requests, "request", "requests")}, with their messages, photos, visits, notes, condition reports
            and e-mails, and their reminders.
          </li>
          <li>Their names in your imports&rsquo; lists, and an import you looked at but did not import yet.</li>
        </ul>
        <h3 className="font-semibold">What is kept, and why</h3>
        <ul className="mb-3 list-disc pl-5">
          {erasure.contracts > 0 ? (
            <li>
              {n(erasure.contracts, "signed quote", "signed quotes")} with {erasure.contracts === 1 ? "its" : "their"}{" "}
              invoices and payments, which name them. Your books need them: Illinois asks a business to keep the record
              of what it was paid for 3½ years after the tax return, and a signed contract can be taken to court for{" "}
              {CONTRACT_YEARS} years. Kept {CONTRACT_YEARS} years after signing, then deleted on their own.
            </li>
          ) : (
            <li>Nothing for your books: they never signed a quote.</li>
          )}
          <li>
            Their e-mails and phones as a scrambled code on the do-not-mail list, so no reminder or campaign reaches
            them again, even if an old customer list brings them back. The code cannot be turned back into an address.
          </li>
          {erasure.reportsKept > 0 && (
            <li>
              {n(erasure.reportsKept, "condition report", "condition reports")} you sent them or quoted from: a sent
              report stays {REPORT_YEARS} years as the record of what you inspected; one you only quoted from keeps the
              findings its signed quote names, with the quote.
            </li>
          )}
          {erasure.photosOnSite > 0 && (
            <li>
              {n(erasure.photosOnSite, "before-and-after pair", "before-and-after pairs")} on the site, with their
              consent, until you take {erasure.photosOnSite === 1 ? "it" : "them"} off from the job&rsquo;s photos.
            </li>
          )}
        </ul>
        <form method="post" className="space-y-3">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="erase" />
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input type="checkbox" name="confirm" value="yes" required className="size-5" /> Yes, erase them for good
          </label>
          <Button variant="danger">Erase this customer</Button>
        </form>
      </details>
    </Card>
  );
}
