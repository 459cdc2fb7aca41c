// A customer's whole history, newest first: each line when, what, and a link to its own console page.
import { Card } from "./ui";

type Item = { key: string; when: string; kind: string; text: string; href: string | null };

export function CustomerHistoryList({ items }: { items: Item[] }) {
  return (
    <Card className="mb-4">
      <h2 id="history" className="font-serif text-xl font-bold">
        History
      </h2>
      {items.length === 0 ? (
        <p className="mt-2">Nothing yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-mortar-200" aria-labelledby="history">
          {items.map((h) => (
            <li key={h.key} className="py-2">
              <p className="text-sm text-soot-800">{h.when}</p>
              <p>
                <span className="font-semibold">{h.kind}</span>
                {": "}
                {h.href ? (
                  <a href={h.href} className="underline underline-offset-4">
                    {h.text}
                  </a>
                ) : (
                  h.text
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
