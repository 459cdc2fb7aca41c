// The request's status, one tap to change it, and a note added to its history.
import { LEAD_STATUSES, statusLabel } from "~/lib/lead-status";
import { TEXT_LIMITS } from "~/lib/text-limits";
import type { RequestScreen } from "./request.server";
import type { RequestTyped } from "./request-words";
import { StatusBadge } from "./status";
import { Button, Card, consoleButton, CsrfField } from "./ui";

export function RequestStatus({
  lead,
  csrf,
  typed,
}: {
  lead: RequestScreen["lead"];
  csrf: string;
  typed: RequestTyped;
}) {
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">
        Status: <StatusBadge status={lead.status} />
      </h2>
      {lead.statusAt && <p className="text-sm text-soot-800">Changed {lead.statusAt}</p>}
      <form method="post" className="mt-3 flex flex-wrap gap-2">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="status" />
        {LEAD_STATUSES.map((s) => (
          <button
            key={s}
            name="status"
            value={s}
            aria-pressed={s === lead.status}
            className={consoleButton(s === lead.status ? "dark" : "quiet")}
          >
            {statusLabel(s)}
          </button>
        ))}
      </form>
      <form method="post" className="mt-4">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="note" />
        <label className="block">
          <span className="font-semibold">Add a note</span>
          <textarea
            name="note"
            rows={3}
            maxLength={TEXT_LIMITS.request.note.max}
            defaultValue={typed.note}
            required
            className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white p-2"
          />
        </label>
        <Button variant="dark" className="mt-2">
          Save note
        </Button>
      </form>
    </Card>
  );
}
