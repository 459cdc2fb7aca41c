// The accepted payment methods as a strip of logos with their names (brand marks from simple-icons).
import { siAmericanexpress, siBitcoin, siMastercard, siVisa, type SimpleIcon } from "simple-icons";
import { business, type PaymentMethod } from "~/content/business";
import { cn } from "~/lib/cn";

const marks = {
  Visa: siVisa,
  Mastercard: siMastercard,
  "American Express": siAmericanexpress,
  Bitcoin: siBitcoin,
} satisfies Record<PaymentMethod, SimpleIcon>;

export function PaymentMethods({ tone = "light", className }: { tone?: "light" | "dark"; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label="Accepted payment methods">
      {business.paymentMethods.map((method) => (
        <li
          key={method}
          className={cn(
            "inline-flex items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm font-medium",
            tone === "light" ? "border-mortar-200 bg-white text-soot-900" : "border-soot-700 bg-soot-900 text-mortar-100",
          )}
        >
          <svg role="img" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill={`#${marks[method].hex}`} className={tone === "dark" && method === "Visa" ? "brightness-200" : undefined}>
            <path d={marks[method].path} />
          </svg>
          {method}
        </li>
      ))}
    </ul>
  );
}
