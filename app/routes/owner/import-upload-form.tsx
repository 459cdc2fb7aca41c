// The import page's first step: which files it takes, our template, and the upload that makes a dry run.
import { Button, Card, CsrfField } from "./ui";

const SOURCES = [
  ["Jobber", "Clients → More actions → Export to CSV. The file as Jobber gives it, with its own column names."],
  ["Housecall Pro", "The customer report, exported as CSV."],
  ["A spreadsheet", "Our template, with one customer a row. Save it as CSV (either of Excel’s CSV kinds)."],
] as const;

export function ImportUploadForm({ csrf }: { csrf: string }) {
  return (
    <Card className="mb-5">
      <h2 className="font-serif text-xl font-bold">Your old customer list</h2>
      <ul className="mt-2 space-y-2">
        {SOURCES.map(([name, how]) => (
          <li key={name}>
            <span className="font-semibold">{name}:</span> {how}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <a
          href="/owner/customers/import/template.csv"
          download
          className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
        >
          Download the template
        </a>
      </p>
      <p className="text-sm text-soot-800">
        It has columns for the last service day and the flue: fireplace, insert, stove or furnace vent.
      </p>
      <form method="post" encType="multipart/form-data" className="mt-3">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="dry-run" />
        <label htmlFor="file" className="block font-semibold">
          The file (CSV)
        </label>
        <input
          id="file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white p-2"
        />
        <p className="mt-1 text-sm text-soot-800">
          Nothing changes yet: you first see how many customers are new, already here or look like one you have, and
          which rows cannot come in and why. Up to 10 MB.
        </p>
        <Button className="mt-3 w-full sm:w-auto">Look at the file</Button>
      </form>
    </Card>
  );
}
