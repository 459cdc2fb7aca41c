// "Accepted in person or on paper": the owner records a yes given at the homeowner's home or signed on paper, with a
// photo of the paper. A refused name is said in this form, next to its box, with what was typed.
import type { Route } from "./+types/quote";
import type { RawFields } from "./quote-form.server";
import { Button, Card, CsrfField, Notice } from "./ui";
import { TEXT_LIMITS } from "~/lib/text-limits";

type LoaderData = Route.ComponentProps["loaderData"];

const input = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3";
const LIMIT = TEXT_LIMITS.quote;

/** The form for a yes given in person or on paper, open again when its name was refused. */
export function RecordAcceptanceCard({ d, raw, error }: { d: LoaderData; raw: RawFields; error: string | undefined }) {
  const { sent } = d;
  if (!sent) return null;
  return (
    <Card className="mb-4">
      <details open={raw.name !== undefined || undefined}>
        <summary className="min-h-11 cursor-pointer py-2 font-serif text-xl font-bold">
          Accepted in person or on paper
        </summary>
        <form method="post" encType="multipart/form-data" className="mt-2">
          <CsrfField token={d.csrf} />
          <input type="hidden" name="intent" value="record" />
          {raw.name !== undefined && error && <Notice tone="warn">{error}</Notice>}
          <fieldset>
            <legend className="font-semibold">Option they accepted</legend>
            {sent.options.map((o, i) => (
              <label key={o.key} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="option" value={o.key} defaultChecked={i === 0} className="size-5" />
                {o.name}: {o.total}
              </label>
            ))}
            {sent.addons.map((a) => (
              <label key={a.key} className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name="addon" value={a.key} className="size-5" />
                {a.name}: +{a.amount}
              </label>
            ))}
          </fieldset>
          <label className="mt-2 block">
            <span className="font-semibold">Their full name, as signed</span>
            <input name="name" required maxLength={LIMIT.signedName.max} defaultValue={raw.name} className={input} />
          </label>
          <label className="mt-2 flex min-h-11 items-center gap-2">
            <input type="checkbox" name="atHome" defaultChecked className="size-5" />
            Agreed at their home (their copy carries the 3-day cancellation notice)
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="pamphlet" className="size-5" />
            They signed the pamphlet's acknowledgment (over $1,000)
          </label>
          <label className="mt-2 block">
            <span className="font-semibold">Photo of the signed paper</span>
            <input type="file" name="paper" accept="image/jpeg,image/png,image/webp" className="mt-1 block w-full" />
          </label>
          <Button className="mt-3 w-full">Record acceptance</Button>
        </form>
      </details>
    </Card>
  );
}
