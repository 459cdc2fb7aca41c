// Pieces every console page uses: the hidden CSRF field, headings, buttons and notices in the site's look.
// Plain HTML: forms post and the server redirects; no script is needed except for passkeys.
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";

export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}

const buttonVariants = {
  primary: "bg-ember-500 text-soot-950 hover:bg-ember-400",
  dark: "bg-soot-950 text-mortar-50 hover:bg-soot-800",
  quiet: "border-2 border-mortar-300 bg-white text-soot-950 hover:bg-mortar-100",
  danger: "bg-brick-700 text-white hover:bg-brick-800",
} as const;

export function consoleButton(variant: keyof typeof buttonVariants = "primary") {
  return cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold transition-colors",
    buttonVariants[variant],
  );
}

export function Button({
  variant = "primary",
  className,
  ...props
}: ComponentProps<"button"> & { variant?: keyof typeof buttonVariants }) {
  return <button {...props} className={cn(consoleButton(variant), className)} />;
}

export function PageTitle({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div id="hero" className="mb-5">
      <h1 className="font-serif text-3xl font-bold tracking-tight">{children}</h1>
      {sub && <p className="mt-1 text-soot-800">{sub}</p>}
    </div>
  );
}

/** A list's filters as chips that scroll sideways on a phone; the current one is dark. */
export function FilterChips({ filters }: { filters: { label: string; href: string; current: boolean }[] }) {
  return (
    <nav aria-label="Filter by status" className="-mx-4 mb-4 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-1 sm:flex-wrap">
        {filters.map((f) => (
          <li key={f.label}>
            <a
              href={f.href}
              aria-current={f.current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-full border-2 px-4 font-semibold whitespace-nowrap",
                f.current ? "border-soot-950 bg-soot-950 text-mortar-50" : "border-mortar-300 bg-white text-soot-900",
              )}
            >
              {f.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Notice({ tone = "ok", children }: { tone?: "ok" | "warn"; children: ReactNode }) {
  return (
    <p
      role="status"
      className={cn(
        "mb-4 rounded-lg border-l-4 px-4 py-3",
        tone === "ok" ? "border-green-700 bg-green-50 text-green-900" : "border-brick-700 bg-brick-100 text-brick-900",
      )}
    >
      {children}
    </p>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section className={cn("rounded-xl border border-mortar-200 bg-white p-4 shadow-sm", className)}>
      {children}
    </section>
  );
}

/** A state in a small pill (a quote's status, a payment's); the tone's colours come from its caller. */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={cn("shrink-0 rounded-full px-2.5 py-0.5 text-sm font-semibold", tone)}>{children}</span>;
}

/** A labelled box the owner types into: its label and `maxlength` from its limit (app/lib/text-limits.ts). */
export function LimitedBox({
  limit,
  unit = "",
  className,
  ...props
}: ComponentProps<"input"> & { limit: { label: string; max: number }; unit?: string }) {
  return (
    <label className={cn("block", className)}>
      <span className="text-sm font-semibold">
        {limit.label}
        {unit}
      </span>
      <input
        {...props}
        maxLength={limit.max}
        className="mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3"
      />
    </label>
  );
}
