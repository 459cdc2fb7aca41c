import { business } from "~/content/business";
import { mailtoHref, telHref } from "~/lib/links";

/** "Phone: … · Email: …" at the foot of a policy page; `subject` fills the e-mail's subject line. */
export function ContactLine({ subject, prefix }: { subject: string; prefix?: string }) {
  return (
    <p className="prose-body mt-6">
      {prefix && `${prefix} · `}Phone:{" "}
      <a href={telHref(business.phone)} className="rich-link">
        {business.phone}
      </a>{" "}
      · Email:{" "}
      <a href={mailtoHref(business.email, subject)} className="rich-link">
        {business.email}
      </a>
    </p>
  );
}
