// Island: returns to the previous page, or home when there is none (a visitor who arrived from a search).
import { ArrowLeft } from "lucide-react";
import { buttonClasses } from "./ui/button-link";

export function GoBackButton() {
  return (
    <button
      type="button"
      className={buttonClasses("secondary", "lg")}
      onClick={() => {
        if (window.history.length > 1) window.history.back();
        else window.location.assign("/");
      }}
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      Go Back
    </button>
  );
}
