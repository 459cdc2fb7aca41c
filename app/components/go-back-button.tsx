// Returns to the previous page, or home when there is none (a visitor who arrived from a search). The page script
// handles the click; CSS shows the button only when scripting is enabled (.needs-script in app.css).
import { ArrowLeft } from "lucide-react";
import { cn } from "~/lib/cn";
import { buttonClasses } from "./ui/button-link";

export function GoBackButton() {
  return (
    <button type="button" data-action="back" className={cn(buttonClasses("secondary", "lg"), "needs-script")}>
      <ArrowLeft aria-hidden="true" className="size-5" />
      Go Back
    </button>
  );
}
