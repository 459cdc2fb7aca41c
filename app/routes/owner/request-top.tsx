// The top of the request screen: the way back, what the last form did, the name, and what the spam trap caught.
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import type { RequestScreen } from "./request.server";
import { REQUEST_DONE } from "./request-words";

export function RequestTop({
  lead,
  done,
  error,
  csrf,
}: {
  lead: RequestScreen["lead"];
  done: RequestScreen["done"];
  error: string | undefined;
  csrf: string;
}) {
  return (
    <>
      <p className="mb-3">
        <a
          href={lead.spam ? "/owner/spam" : "/owner"}
          className="font-semibold text-brick-800 underline underline-offset-4"
        >
          ← {lead.spam ? "Spam" : "Inbox"}
        </a>
      </p>
      {done && <Notice>{REQUEST_DONE[done]}</Notice>}
      {error && <Notice tone="warn">{error}</Notice>}
      <PageTitle sub={`${lead.service}${lead.city ? `, ${lead.city}` : ""} · ${lead.reference}`}>{lead.name}</PageTitle>
      {lead.spam && (
        <Card className="mb-4 border-brick-300">
          <p className="mb-3">The spam trap caught this request. If it is real, restore it: its e-mails go out then.</p>
          <form method="post">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="restore" />
            <Button variant="dark">Not spam: restore</Button>
          </form>
        </Card>
      )}
    </>
  );
}
