// Thin wrapper over Radix DropdownMenu: its timings (sub-menu delay, pointer grace, type-ahead) are the spec's.
import * as DropdownMenuPrimitive from "@radix-ui/react-dropdown-menu";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function DropdownMenu(props: ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  return <DropdownMenuPrimitive.Root modal={false} {...props} />;
}

export function DropdownMenuTrigger({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Trigger>) {
  return <DropdownMenuPrimitive.Trigger className={cn("group", className)} {...props} />;
}

export function DropdownMenuContent({
  className,
  sideOffset = 10,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 min-w-60 rounded-card border border-mortar-200 bg-white p-2 shadow-card",
          "origin-(--radix-dropdown-menu-content-transform-origin) data-[state=open]:animate-[menu-in_150ms_ease-out]",
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return (
    <DropdownMenuPrimitive.Item
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2.5 text-[0.95rem] font-medium text-soot-900 focus-visible:-outline-offset-2",
        "data-highlighted:bg-brick-100 data-highlighted:text-brick-900",
        className,
      )}
      {...props}
    />
  );
}
