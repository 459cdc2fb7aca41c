import { Check } from "lucide-react";
import type { Action, Item } from "~/content/types";
import { cn } from "~/lib/cn";
import { ActionLink } from "./action-link";
import { Icon } from "./icon";
import { RichText } from "./rich-text";

/** Cards for signs, benefits, problems, types and solutions: icon, title, text, optional features and link. */
export function ItemGrid({
  items,
  columns = 3,
  itemAction,
  tone = "light",
}: {
  items: readonly Item[];
  columns?: 2 | 3 | 4;
  itemAction?: Action;
  tone?: "light" | "muted";
}) {
  return (
    <ul
      className={cn("grid gap-5 sm:grid-cols-2", columns === 3 && "lg:grid-cols-3", columns === 4 && "lg:grid-cols-4")}
    >
      {items.map((item) => (
        <li
          key={item.title}
          className={cn(
            "flex flex-col rounded-card border border-mortar-200 p-6 shadow-sm",
            tone === "light" ? "bg-white" : "bg-mortar-50",
          )}
        >
          {item.icon && (
            <span className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-brick-100 text-brick-700">
              <Icon name={item.icon} className="size-6" />
            </span>
          )}
          <h3 className="font-sans text-lg font-bold text-soot-950">{item.title}</h3>
          <p className="mt-2 leading-relaxed text-soot-800">
            <RichText text={item.description} />
          </p>
          {item.features && (
            <ul className="mt-4 space-y-2">
              {item.features.map((feature) => (
                <li key={feature} className="flex gap-2 text-soot-800">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brick-600" />
                  {feature}
                </li>
              ))}
            </ul>
          )}
          {itemAction && (
            <div className="mt-auto pt-5">
              <ActionLink action={itemAction} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
