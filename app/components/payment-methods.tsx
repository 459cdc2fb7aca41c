// The accepted payment methods as a strip of logos with their names.
import { business } from "~/content/business";
import { brandIconImage, brandIconSlug } from "~/lib/brand-icons";
import { cn } from "~/lib/cn";

export function PaymentMethods({ tone = "light", className }: { tone?: "light" | "dark"; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label="Accepted payment methods">
      {business.paymentMethods.map((method) => (
        <li
          key={method}
          className={cn(
            "inline-flex items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm font-medium",
            tone === "light"
              ? "border-mortar-200 bg-white text-soot-900"
              : "border-soot-700 bg-soot-900 text-mortar-100",
          )}
        >
          <img
            {...brandIconImage(brandIconSlug(method))}
            alt=""
            width={20}
            height={20}
            loading="lazy"
            className="size-5 rounded-sm bg-white p-px"
          />
          {method}
        </li>
      ))}
    </ul>
  );
}
