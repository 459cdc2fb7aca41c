// The foot of the report (decision 0054): what still stops sending, and Send, which stays off until the server has
// every photo and every saved part this phone holds. The server checks again when Send is pressed.
import type { FormEvent } from "react";
import { REPORT_LIMITS } from "~/content/condition-report";

export type SendCardProps = {
  base: string;
  csrf: string;
  /** The server's reasons, then the phone's. */
  blockers: string[];
  /** Photos and parts still on this phone. */
  waiting: number;
  unsaved: number;
  photoIds: string[];
  busy: boolean;
  sent: { version: number; at: string } | null;
  /** A correction's reason (required once a version was sent), and the server's word on it. */
  reason: string;
  reasonProblem?: string;
  onReason: (reason: string) => void;
  onSend: () => void;
};

export function SendCard(props: SendCardProps) {
  const ready = props.blockers.length === 0 && props.waiting === 0 && props.unsaved === 0;
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSend();
  }
  return (
    <section className="rounded-xl border border-mortar-200 bg-white p-4 shadow-sm" aria-labelledby="send-heading">
      <h2 id="send-heading" className="font-serif text-xl font-bold">
        Send the report
      </h2>
      {props.sent && (
        <p className="mt-1 text-soot-800">
          Version {props.sent.version} was sent on {props.sent.at}. Sending again makes a correction.
        </p>
      )}
      {ready ? (
        <p className="mt-2 font-semibold text-green-800">Every part and photo is on the server.</p>
      ) : (
        <>
          <p className="mt-2 font-semibold">Before it can be sent:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {props.blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </>
      )}
      <form method="post" action={props.base} onSubmit={send} className="mt-3">
        <input type="hidden" name="csrf" value={props.csrf} />
        <input type="hidden" name="intent" value="send" />
        {props.sent && (
          // A correction is the next version: the homeowner reads why, with it (decision 0054).
          <div className="mb-3">
            <label htmlFor="send-reason" className="block font-semibold">
              What did you correct?
            </label>
            <textarea
              id="send-reason"
              name="reason"
              rows={2}
              maxLength={REPORT_LIMITS.reason}
              required
              value={props.reason}
              onChange={(e) => props.onReason(e.target.value)}
              aria-invalid={props.reasonProblem ? true : undefined}
              aria-describedby={props.reasonProblem ? "send-reason-problem" : undefined}
              className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white p-2"
            />
            {props.reasonProblem && (
              <p id="send-reason-problem" className="mt-1 font-semibold text-brick-800">
                {props.reasonProblem}
              </p>
            )}
          </div>
        )}
        {props.photoIds.map((id) => (
          <input key={id} type="hidden" name="photos" value={id} />
        ))}
        <button
          type="submit"
          disabled={!ready || props.busy}
          className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-ember-500 px-5 text-lg font-semibold text-soot-950 hover:bg-ember-400 disabled:cursor-not-allowed disabled:opacity-50 sm:w-auto"
        >
          {props.busy ? "Sending…" : props.sent ? "Send the correction" : "Send report"}
        </button>
      </form>
    </section>
  );
}
