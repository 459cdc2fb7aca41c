import { MessageSquare, Phone } from "lucide-react";
import { business } from "~/content/business";
import type { Action } from "~/content/types";
import { smsHref, telHref } from "~/lib/links";
import { ButtonLink, type ButtonVariant } from "./ui/button-link";

/** Renders a content Action: a link button, or a call button dialling the business phone. */
export function ActionLink({ action, onDark = false }: { action: Action; onDark?: boolean }) {
  const variant: ButtonVariant = action.variant === "secondary" ? (onDark ? "light" : "secondary") : "primary";
  if (action.kind === "call") {
    return (
      <ButtonLink href={telHref(business.phone)} variant={variant}>
        <Phone aria-hidden="true" className="size-4" />
        {action.label}
      </ButtonLink>
    );
  }
  return (
    <ButtonLink href={action.href} variant={variant}>
      {action.label}
    </ButtonLink>
  );
}

/** The pair every page ends its hero and CTA band with: free estimate, and call. */
export function EstimateAndCallButtons({
  onDark = true,
  estimateHref = "/contact",
}: {
  onDark?: boolean;
  estimateHref?: string;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <ButtonLink href={estimateHref} size="lg">
        Get a Free Estimate
      </ButtonLink>
      <ButtonLink href={telHref(business.phone)} variant={onDark ? "light" : "secondary"} size="lg">
        <Phone aria-hidden="true" className="size-5" />
        Call {business.phone}
      </ButtonLink>
      <ButtonLink href={smsHref(business.phone)} variant={onDark ? "light" : "secondary"} size="lg">
        <MessageSquare aria-hidden="true" className="size-5" />
        Text
      </ButtonLink>
    </div>
  );
}
