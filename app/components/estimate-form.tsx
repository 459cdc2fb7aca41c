// Island: the 'Request a Free Estimate' form (spec §4, §5, §7, §8). Without JavaScript it is a plain POST to the
// same endpoint; with it, the request is sent in the background and the visitor stays on the page.
import { CalendarCheck, CircleCheck, LoaderCircle, MapPin, Send, X } from "lucide-react";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from "react";
import {
  ESTIMATE_FIELDS,
  ESTIMATE_MESSAGES,
  ESTIMATE_TIMINGS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  type EstimateField,
} from "~/lib/estimate-fields";
import { ATTRIBUTION_FIELDS, VISIT_STORAGE_KEY } from "~/lib/attribution";
import { DEFAULT_ESTIMATE_ENDPOINT, DEFAULT_ESTIMATE_PROVIDER } from "~/lib/estimate-config";
import {
  isRefusalCode,
  PHOTO_FIELD,
  PHOTO_LABEL,
  PHOTO_LIMITS,
  photoAccept,
  photoCount,
  refusalText,
  type PhotoRefusal,
} from "~/lib/estimate-photos";
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
  endpoint?: string;
  /** Named in the success toast. */
  providerName?: string;
  /** The towns a ?city= parameter may name; anything else is ignored. By default those the page's menu links to. */
  cities?: readonly string[];
};

type ToastMessage = { id: number; title: string; description: string; variant: ToastVariant; duration: number };

/** A chosen photo; `url` is its thumbnail as a data: URL ("" until made, or when the browser cannot draw it). */
type ChosenPhoto = { key: number; file: File; url: string };

/**
 * A small JPEG of a picked photo, upright, as a data: URL: the page's CSP allows data: images (not blob:), and a
 * 160 px copy keeps memory small where the original is a 12 MP phone photo.
 */
async function thumbnail(file: File): Promise<string> {
  try {
    const bitmap = await createImageBitmap(file, { resizeWidth: 160, resizeQuality: "medium" });
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
    bitmap.close();
    return canvas.toDataURL("image/jpeg", 0.7);
  } catch {
    return "";
  }
}

/** What our endpoint said about the photos: how many arrived, and which were not kept. */
type PhotoReceipt = { kept: number; refused: string[] };

/**
 * POSTs the form. With photos it goes through XMLHttpRequest, the one browser API that reports upload progress;
 * its answer is turned into a Response so both paths are handled alike (a network failure throws).
 */
function post(endpoint: string, data: FormData, onProgress?: (fraction: number) => void): Promise<Response> {
  if (!onProgress) return fetch(endpoint, { method: "POST", body: data, headers: { Accept: "application/json" } });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () =>
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          headers: { "Content-Type": xhr.getResponseHeader("Content-Type") ?? "" },
        }),
      );
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => reject(new TypeError("Network error"));
    xhr.send(data);
  });
}

function newKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const noSubscription = () => () => {};

/**
 * The towns the page's own menu names (its links to /locations/…). The script carries no content: the owner's
 * towns change without a build (decision 0027), and /contact's first response may not grow (decision 0022).
 */
function townsOnPage(): readonly string[] {
  if (typeof document === "undefined") return [];
  const links = document.querySelectorAll<HTMLAnchorElement>('a[href^="/locations/"]');
  return [...new Set([...links].map((a) => (a.textContent ?? "").trim()).filter(Boolean))];
}

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

export function EstimateForm({
  endpoint = DEFAULT_ESTIMATE_ENDPOINT,
  providerName = DEFAULT_ESTIMATE_PROVIDER,
  cities,
}: EstimateFormProps) {
  const [status, setStatus] = useState<"idle" | "sending" | "success">("idle");
  const [toast, setToast] = useState<ToastMessage | null>(null);
  // One key per request: a retry after a failure reuses it, so the endpoint stores the request once.
  const idempotencyKey = useRef<string>("");
  const toastCount = useRef(0);
  const formId = useId();
  // Photos go only to our own endpoint (a hosted form service would not take them).
  const photosField = endpoint === DEFAULT_ESTIMATE_ENDPOINT;
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [receipt, setReceipt] = useState<PhotoReceipt | null>(null);
  // Our endpoint's link to book the estimate visit for the request just sent (server/booking/); it stays offered
  // after the success panel gives way to the form again.
  const [visitHref, setVisitHref] = useState<string | null>(null);

  // The page is prerendered without a query; the city is read once hydrated (the server snapshot has none).
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => "",
  );
  const wanted = new URLSearchParams(search).get("city")?.trim().toLowerCase();
  const city = wanted ? ((cities ?? townsOnPage()).find((c) => c.toLowerCase() === wanted) ?? null) : null;

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
    // The photos go last, after every word: a photo the server cannot use never costs the fields after it.
    const files = data.getAll(PHOTO_FIELD);
    data.delete(PHOTO_FIELD);
    for (const file of files) data.append(PHOTO_FIELD, file);
    setStatus("sending");
    const withPhotos = photosField && photos.length > 0;
    if (withPhotos) setProgress(0);
    try {
      const response = await post(endpoint, data, withPhotos ? setProgress : undefined);
      if (response.ok) {
        // Our endpoint says when a confirmation e-mail is on its way; a hosted service's body is not read for more.
        const answer = await answerBody(response);
        const confirmation = answer.confirmation === true;
        idempotencyKey.current = "";
        form.reset();
        setReceipt(withPhotos ? photoReceipt(answer) : null);
        setVisitHref(
          typeof answer.visit === "string" && /^\/visit\/[\w-]{43}$/.test(answer.visit) ? answer.visit : null,
        );
        setPhotos([]);
        setProgress(null);
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
      setProgress(null);
      showToast({
        title: ESTIMATE_MESSAGES.errorTitle,
        description: ESTIMATE_MESSAGES.serverError(await errorDetail(response)),
        variant: "destructive",
      });
    } catch {
      setStatus("idle");
      setProgress(null);
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
          {receipt && (
            <div className="mt-3 max-w-sm text-soot-800" data-testid="photo-receipt">
              <p className="font-semibold">{`${photoCount(receipt.kept)} arrived with it.`.replace(/^n/, "N")}</p>
              {receipt.refused.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
          )}
          {visitHref && <BookVisitLink href={visitHref} className="mt-6" />}
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
          {visitHref && (
            <div className="rounded-lg bg-mortar-100 px-4 py-3 sm:col-span-2" data-testid="book-visit-note">
              <p className="font-semibold text-soot-950">Your request is in.</p>
              <BookVisitLink href={visitHref} className="mt-2" />
            </div>
          )}
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
          {/* Last, so the words reach the server before any photo (see server/requests/estimate-upload.ts). */}
          {photosField && (
            <PhotoField
              formId={formId}
              photos={photos}
              setPhotos={setPhotos}
              disabled={status === "sending"}
              progress={progress}
            />
          )}
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

/** The way on to booking the visit for the request just sent. */
function BookVisitLink({ href, className }: { href: string; className?: string }) {
  return (
    <a href={href} className={cn(buttonClasses("primary"), className)}>
      <CalendarCheck aria-hidden="true" className="size-5" />
      Pick a time for the free estimate
    </a>
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

/**
 * The optional photos. Without JavaScript it is the browser's own file picker, sent with the form. Hydrated, each
 * pick adds to the chosen photos (the input's file list is kept in step, so the form sends exactly those), which
 * show as thumbnails with a remove button, and the upload shows its progress.
 */
function PhotoField({
  formId,
  photos,
  setPhotos,
  disabled,
  progress,
}: {
  formId: string;
  photos: ChosenPhoto[];
  setPhotos: (update: (photos: ChosenPhoto[]) => ChosenPhoto[]) => void;
  disabled: boolean;
  progress: number | null;
}) {
  const hintId = `${formId}-${PHOTO_FIELD}-hint`;
  // The hint appears once the form is alive: the prerendered page carries only the field, so /contact's first
  // response does not grow (decision 0022); without JavaScript the server names any photo it could not use.
  const alive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [notes, setNotes] = useState<string[]>([]);

  const adopted = useRef(false);

  const add = (files: File[]) => {
    const picked = files.filter((f) => !photos.some((p) => p.file === f));
    const refused: string[] = [];
    let total = photos.reduce((sum, p) => sum + p.file.size, 0);
    const added: ChosenPhoto[] = [];
    for (const file of picked) {
      const reason =
        photos.length + added.length >= PHOTO_LIMITS.maxFiles
          ? "count"
          : file.size > PHOTO_LIMITS.maxFileBytes
            ? "fileSize"
            : total + file.size > PHOTO_LIMITS.maxTotalBytes
              ? "totalSize"
              : null;
      if (reason) {
        refused.push(refusalText({ photo: 0, code: reason }).replace("Photo 0", file.name || "A photo"));
        continue;
      }
      total += file.size;
      added.push({ key: nextKey.current++, file, url: "" });
    }
    setNotes(refused);
    setPhotos((chosen) => [...chosen, ...added]);
    for (const p of added)
      void thumbnail(p.file).then((url) =>
        setPhotos((chosen) => chosen.map((c) => (c.key === p.key ? { ...c, url } : c))),
      );
  };

  // The input's own file list follows the chosen photos, so a submit (ours or the browser's) sends those. Photos
  // picked before the form came alive are taken over first, not dropped.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    if (!adopted.current) {
      adopted.current = true;
      if (element.files?.length) return add([...element.files]);
    }
    const list = new DataTransfer();
    for (const p of photos) list.items.add(p.file);
    element.files = list.files;
  }, [photos]); // eslint-disable-line react-hooks/exhaustive-deps -- add() is only needed on the first run

  function choose(event: ChangeEvent<HTMLInputElement>) {
    add([...(event.currentTarget.files ?? [])]);
  }

  function remove(key: number) {
    setNotes([]);
    setPhotos((chosen) => chosen.filter((p) => p.key !== key));
  }

  return (
    <div className="sm:col-span-2">
      <label className="font-semibold text-soot-900">
        {PHOTO_LABEL}
        <input
          ref={input}
          name={PHOTO_FIELD}
          type="file"
          accept={photoAccept(false)}
          multiple
          disabled={disabled}
          onChange={choose}
          aria-describedby={alive ? hintId : undefined}
          className="mt-1.5 block w-full rounded-lg border border-stone-400 bg-white px-3.5 py-3 text-base text-soot-950"
        />
      </label>
      {alive && (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          Optional: a photo of the problem helps us price it. JPEG, PNG or WebP, 10 MB each.
        </p>
      )}
      {photos.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Chosen photos">
          {photos.map((p, i) => (
            <li key={p.key} className="relative">
              {p.url ? (
                <img
                  src={p.url}
                  alt={`Photo ${i + 1}`}
                  className="aspect-square w-full rounded-lg border border-stone-400 object-cover"
                />
              ) : (
                <span
                  role="img"
                  aria-label={`Photo ${i + 1}`}
                  className="flex aspect-square w-full items-center overflow-hidden rounded-lg border border-stone-400 bg-mortar-100 p-1 text-xs break-all"
                >
                  {p.file.name}
                </span>
              )}
              <button
                type="button"
                onClick={() => remove(p.key)}
                disabled={disabled}
                aria-label={`Remove photo ${i + 1}`}
                className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-soot-950/80 text-white"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {notes.map((text) => (
        <p key={text} role="alert" className="mt-2 text-sm font-semibold text-brick-800">
          {text}
        </p>
      ))}
      {progress !== null && (
        <label className="mt-3 block text-sm text-soot-800">
          Uploading photos… {Math.round(progress * 100)}%
          <progress max={1} value={progress} className="mt-1 block h-2 w-full accent-brick-700" />
        </label>
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

/** Our endpoint's JSON answer; a hosted service's may be anything, or nothing. */
async function answerBody(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function photoReceipt(answer: Record<string, unknown>): PhotoReceipt | null {
  if (typeof answer.photos !== "number") return null;
  const refused = Array.isArray(answer.refusedPhotos) ? (answer.refusedPhotos as PhotoRefusal[]) : [];
  return { kept: answer.photos, refused: refused.filter((r) => isRefusalCode(String(r?.code))).map(refusalText) };
}
