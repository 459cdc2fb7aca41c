// How a request's status looks in the console.
import { cn } from "~/lib/cn";
import { statusLabel } from "~/lib/lead-status";

const TONES: Record<string, string> = {
  new: "bg-ember-300 text-soot-950",
  contacted: "bg-sky-100 text-soot-950",
  scheduled: "bg-sky-100 text-soot-950",
  quoted: "bg-mortar-200 text-soot-950",
  won: "bg-green-100 text-green-900",
  lost: "bg-mortar-200 text-soot-800",
  "out-of-area": "bg-mortar-200 text-soot-800",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cn("shrink-0 rounded-full px-2.5 py-0.5 text-sm font-semibold", TONES[status] ?? "bg-mortar-200")}>
      {statusLabel(status)}
    </span>
  );
}
