// The imports made so far, newest first, each with its counts and an undo of the whole batch.
import type { BatchView } from "./customer-import.server";
import { Button, Card, CsrfField, consoleButton } from "./ui";

const STATE_WORDS: Record<BatchView["state"], string> = {
  committing: "Being imported now…",
  committed: "Imported",
  undoing: "Being undone now…",
  undone: "Undone",
};

export function ImportBatches({ csrf, batches }: { csrf: string; batches: BatchView[] }) {
  if (batches.length === 0) return null;
  return (
    <section aria-labelledby="imports-heading" className="mt-6">
      <h2 id="imports-heading" className="font-serif text-xl font-bold">
        Your imports
      </h2>
      <ul className="mt-2 space-y-3">
        {batches.map((b) => (
          <li key={b.id}>
            <Card>
              <p className="font-semibold break-all">{b.fileName}</p>
              <p className="text-sm text-soot-800">
                {b.format}. {STATE_WORDS[b.state]}
                {b.state === "committed" || b.state === "undone" ? ` ${b.when}.` : ""}
              </p>
              <p className="mt-1">
                {b.counts.new} new, {b.counts.matched} updated, {b.counts.suggested} possible duplicates,{" "}
                {b.counts.refused} refused.
              </p>
              {b.state === "committed" && (
                <details className="mt-2">
                  <summary className={consoleButton("quiet")}>Undo this import</summary>
                  <p className="mt-2">
                    The {b.counts.new + b.counts.suggested} customers it made go, with anything added to them since; the{" "}
                    {b.counts.matched} it updated go back to what they were. A merge made with one of them is undone
                    first.
                  </p>
                  <form method="post" className="mt-2">
                    <CsrfField token={csrf} />
                    <input type="hidden" name="batch" value={b.id} />
                    <Button name="intent" value="undo" variant="danger">
                      Yes, undo it<span className="sr-only">: {b.fileName}</span>
                    </Button>
                  </form>
                </details>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
