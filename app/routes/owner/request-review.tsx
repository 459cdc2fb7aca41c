// "Ask for a review" on a won request: asked already, ready to ask, or the review link to add first.
import type { RequestScreen } from "./request.server";
import { Button, Card, CsrfField } from "./ui";

export function RequestReview({
  review,
  email,
  csrf,
}: {
  review: RequestScreen["review"];
  email: string;
  csrf: string;
}) {
  if (review.state === "none") return null;
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">Review</h2>
      {review.state === "asked" && <p className="mt-1">Review asked {review.at}. It is asked once only.</p>}
      {review.state === "no-link" && (
        <p className="mt-1">
          To ask for a review, add your review link first:{" "}
          <a href="/owner/site/edit/business" className="font-semibold underline underline-offset-4">
            Business facts
          </a>
          .
        </p>
      )}
      {review.state === "ready" && (
        <form method="post" className="mt-1">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="review" />
          <p className="mb-2">One e-mail to {email} with your review link. It goes once; no more will follow.</p>
          <Button>Ask for a review</Button>
        </form>
      )}
    </Card>
  );
}
