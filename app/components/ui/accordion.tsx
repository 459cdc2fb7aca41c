// Thin wrapper over Radix Accordion. Answers stay in the HTML when closed (forceMount) so search
// engines and find-in-page see them; CSS animates the height both ways.
import * as AccordionPrimitive from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Accordion(props: ComponentProps<typeof AccordionPrimitive.Root>) {
  return <AccordionPrimitive.Root {...props} />;
}

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return (
    <AccordionPrimitive.Item
      className={cn("rounded-card border border-mortar-200 bg-white shadow-sm data-[state=open]:border-brick-300", className)}
      {...props}
    />
  );
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header className="font-sans">
      <AccordionPrimitive.Trigger
        className={cn(
          "group flex w-full items-center justify-between gap-4 rounded-card px-5 py-4 text-left text-lg font-semibold text-soot-950 hover:text-brick-700",
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-brick-700 transition-transform duration-300 group-data-[state=open]:rotate-180"
        />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content forceMount className="accordion-content" {...props}>
      <div className="overflow-hidden">
        <div className={cn("px-5 pb-5 leading-relaxed text-soot-800", className)}>{children}</div>
      </div>
    </AccordionPrimitive.Content>
  );
}
