// Buttons that are links: every call to action on the site. Variants live here and nowhere else.
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const variants = {
  primary: "bg-ember-500 text-soot-950 hover:bg-ember-400 shadow-sm",
  secondary: "border-2 border-current text-brick-800 hover:bg-brick-100",
  dark: "bg-soot-950 text-mortar-50 hover:bg-soot-800",
  light: "border-2 border-mortar-50/80 text-mortar-50 hover:bg-mortar-50/10",
} as const;

const sizes = {
  md: "px-5 py-2.5 text-base",
  lg: "px-7 py-3.5 text-lg",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClasses(variant: ButtonVariant = "primary", size: keyof typeof sizes = "md") {
  return cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg font-semibold transition-colors",
    variants[variant],
    sizes[size],
  );
}

export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: ComponentProps<"a"> & { variant?: ButtonVariant; size?: keyof typeof sizes }) {
  return <a {...props} className={cn(buttonClasses(variant, size), className)} />;
}
