// Island: the 'Request a Free Estimate' form (spec §4, §5, §7, §8). Without JavaScript it is a plain POST to the
// same endpoint; with it, the request is sent in the background and the visitor stays on the page.
import { CircleCheck, LoaderCircle, MapPin, Send } from "lucide-react";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import {
  ESTIMATE_FIELDS,
  ESTIMATE_MESSAGES,
  ESTIMATE_TIMINGS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  type EstimateField,
} from "~/lib/estimate-fields";
import { ATTRIBUTION_FIELDS, VISIT_STORAGE_KEY } from "~/lib/attribution";
import { cn } from "~/lib/cn";
import { buttonClasses } from "./ui/button-link";
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  type ToastVariant,
} from "./ui/toast";

export type EstimateFormProps = {
  /** Where the form posts: our /api/estimate by default, or a hosted form service. */
  endpoint: string;
  /** Named in the success toast. */
  providerName: string;
  /** The towns a ?city= parameter may name; anything else is ignored. */
  cities: readonly string[];
};

type ToastMessage = { id: number; title: string; description: string; variant: ToastVariant; duration: number };

function newKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const noSubscription = () => () => {};

async function errorDetail(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "error" in body && typeof body.error === "string" && body.error) {
      return body.error.replace(/[.\s]+$/, "");
    }
  } catch {
    // Not JSON: fall back to the status.
  }
  return ESTIMATE_MESSAGES.statusDetail(response.status);
}

export function EstimateForm({ endpoint, providerName, cities }: EstimateFormProps) {
  const [status, setStatus] = useState<"idle" | "sending" | "success">("idle");
  const [toast, setToast] = useState<ToastMessage | null>(null);
  // One key per request: a retry after a failure reuses it, so the endpoint stores the request once.
  const idempotencyKey = useRef<string>("");
  const toastCount = useRef(0);
  const formId = useId();

  // The page is prerendered without a query; the city is read once hydrated (the server snapshot has none).
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => "",
  );
  const wanted = new URLSearchParams(search).get("city")?.trim().toLowerCase();
  const city = cities.find((c) => c.toLowerCase() === wanted) ?? null;

  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(() => setStatus("idle"), ESTIMATE_TIMINGS.successPanel);
    return () => clearTimeout(timer);
  }, [status]);

  const showToast = (message: Omit<ToastMessage, "id" | "duration">) => {
    toastCount.current += 1;
    setToast({ ...message, id: toastCount.current, duration: ESTIMATE_TIMINGS.toast });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "sending") return;
    const form = event.currentTarget;
    idempotencyKey.current ||= newKey();
    const data = new FormData(form);
    data.set(IDEMPOTENCY_FIELD, idempotencyKey.current);
    addAttribution(data);
    setStatus("sending");
    try {
      const response = await fetch(endpoint, { method: "POST", body: data, headers: { Accept: "application/json" } });
      if (response.ok) {
        // Our endpoint says when a confirmation e-mail is on its way; a hosted service's body is not read for more.
        const confirmation = await confirmationQueued(response);
        idempotencyKey.current = "";
        form.reset();
        setStatus("success");
        showToast({
          title: ESTIMATE_MESSAGES.successTitle,
          description:
            ESTIMATE_MESSAGES.successDescription(providerName) +
            (confirmation ? ` ${ESTIMATE_MESSAGES.confirmationNote}` : ""),
          variant: "default",
        });
        return;
      }
      setStatus("idle");
      showToast({
        title: ESTIMATE_MESSAGES.errorTitle,
        description: ESTIMATE_MESSAGES.serverError(await errorDetail(response)),
        variant: "destructive",
      });
    } catch {
      setStatus("idle");
      showToast({
        title: ESTIMATE_MESSAGES.errorTitle,
        description: ESTIMATE_MESSAGES.networkError,
        variant: "destructive",
      });
    }
  }

  return (
    <ToastProvider>
      {status === "success" ? (
        <div
          role="status"
          className="flex min-h-[32rem] flex-col items-center justify-center rounded-card bg-mortar-100 p-8 text-center"
        >
          <CircleCheck aria-hidden="true" className="size-16 text-green-700" />
          <h3 className="mt-4 text-2xl font-bold text-soot-950">{ESTIMATE_MESSAGES.successTitle}</h3>
          <p className="mt-2 max-w-sm text-soot-800">
            Thank you. We have your request and will get back to you as soon as possible.
          </p>
        </div>
      ) : (
        <form
          id={formId}
          method="post"
          action={endpoint}
          encType="multipart/form-data"
          onSubmit={submit}
          aria-label="Request a Free Estimate"
          className="grid gap-5 sm:grid-cols-2"
        >
          {city && (
            <p
              className="flex items-center gap-2 rounded-lg bg-brick-100 px-4 py-3 font-medium text-brick-900 sm:col-span-2"
              data-testid="city-note"
            >
              <MapPin aria-hidden="true" className="size-5 shrink-0" />
              Your estimate request is for {city}.
              <input type="hidden" name="city" value={city} />
            </p>
          )}
          {ESTIMATE_FIELDS.map((field) => (
            <FieldControl key={field.name} field={field} formId={formId} disabled={status === "sending"} />
          ))}
          {/* Spam trap: hidden from people and assistive technology; bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label>
              Leave this field empty
              <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          <div className="sm:col-span-2">
            <button
              type="submit"
              disabled={status === "sending"}
              className={cn(buttonClasses("primary", "lg"), "w-full disabled:cursor-wait disabled:opacity-75")}
            >
              {status === "sending" ? (
                <>
                  <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
                  Sending...
                </>
              ) : (
                <>
                  <Send aria-hidden="true" className="size-5" />
                  Send My Request
                </>
              )}
            </button>
            <p className="mt-3 text-center text-sm text-stone-600">
              Free and without obligation. We never share your details:{" "}
              <a href="/privacy" className="underline underline-offset-2">
                how we handle them (privacy)
              </a>
              .
            </p>
          </div>
        </form>
      )}
      {toast && (
        <Toast
          key={toast.id}
          variant={toast.variant}
          duration={toast.duration}
          onOpenChange={(open) => {
            if (!open) setToast((current) => (current?.id === toast.id ? null : current));
          }}
        >
          <div>
            <ToastTitle>{toast.title}</ToastTitle>
            <ToastDescription>{toast.description}</ToastDescription>
          </div>
          <ToastClose />
        </Toast>
      )}
      <ToastViewport />
    </ToastProvider>
  );
}

function FieldControl({ field, formId, disabled }: { field: EstimateField; formId: string; disabled: boolean }) {
  const id = `${formId}-${field.name}`;
  const control =
    "mt-1.5 block w-full rounded-lg border border-stone-400 bg-white px-3.5 py-3 text-base text-soot-950 shadow-sm placeholder:text-stone-600 focus:border-brick-600";
  return (
    <div className={cn(field.kind === "textarea" && "sm:col-span-2")}>
      <label htmlFor={id} className={cn("font-semibold text-soot-900", field.name === "message" && "capitalize")}>
        {field.label}
        {field.required && (
          <span aria-hidden="true" className="ml-0.5 text-brick-700">
            *
          </span>
        )}
      </label>
      {field.kind === "input" && (
        <input
          id={id}
          name={field.name}
          type={field.type}
          required
          maxLength={field.maxLength}
          autoComplete={field.autoComplete}
          readOnly={disabled}
          className={control}
        />
      )}
      {field.kind === "select" && (
        <select id={id} name={field.name} defaultValue="" className={control}>
          <option value="">{field.placeholder}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
      {field.kind === "textarea" && (
        <textarea
          id={id}
          name={field.name}
          required
          rows={5}
          maxLength={field.maxLength}
          readOnly={disabled}
          placeholder="What are you seeing? Cracks, leaks, loose brick, missing cap…"
          className={control}
        />
      )}
    </div>
  );
}

/** Where the visit started and what sent it (kept by the page script), and this page: see app/lib/attribution.ts. */
function addAttribution(data: FormData) {
  data.set(ATTRIBUTION_FIELDS.page, location.pathname + location.search);
  try {
    const visit: unknown = JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY) ?? "null");
    if (Array.isArray(visit)) {
      const [landing, referrer] = visit;
      if (typeof landing === "string") data.set(ATTRIBUTION_FIELDS.landingPage, landing);
      if (typeof referrer === "string" && referrer) data.set(ATTRIBUTION_FIELDS.referrer, referrer);
    }
  } catch {
    // Storage blocked or unreadable: the request goes without it.
  }
}

async function confirmationQueued(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null && "confirmation" in body && body.confirmation === true;
  } catch {
    return false;
  }
}
