// The estimate form's fields (spec §5). The form renders from this list and the server's schema is built
// from it, so labels, limits and choices cannot drift apart. No validation library ships to the browser.

export const SERVICE_CHOICES = [
  "Chimney Crown Repair",
  "Tuckpointing",
  "Chimney Caps & Hoods",
  "Chimney Rebuild",
  "Other",
] as const;

export const ESTIMATE_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  message: 5000,
  city: 60,
  idempotencyKey: 100,
} as const;

/** Largest request body the endpoint reads (bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

export const HONEYPOT_FIELD = "_gotcha";
export const IDEMPOTENCY_FIELD = "_idempotency";

type FieldBase = { readonly name: "name" | "email" | "phone" | "service" | "message"; readonly label: string };

export type EstimateField =
  | (FieldBase & {
      readonly kind: "input";
      readonly type: "text" | "email" | "tel";
      readonly required: true;
      readonly maxLength: number;
      readonly autoComplete: string;
    })
  | (FieldBase & { readonly kind: "select"; readonly required: false; readonly placeholder: string; readonly options: readonly string[] })
  | (FieldBase & { readonly kind: "textarea"; readonly required: true; readonly maxLength: number });

export const ESTIMATE_FIELDS = [
  { name: "name", label: "Full Name", kind: "input", type: "text", required: true, maxLength: ESTIMATE_LIMITS.name, autoComplete: "name" },
  { name: "email", label: "Email Address", kind: "input", type: "email", required: true, maxLength: ESTIMATE_LIMITS.email, autoComplete: "email" },
  { name: "phone", label: "Phone Number", kind: "input", type: "tel", required: true, maxLength: ESTIMATE_LIMITS.phone, autoComplete: "tel" },
  { name: "service", label: "Service Needed", kind: "select", required: false, placeholder: "Select a service", options: SERVICE_CHOICES },
  { name: "message", label: "message", kind: "textarea", required: true, maxLength: ESTIMATE_LIMITS.message },
] as const satisfies readonly EstimateField[];

/** Spec §8 messages, shared by the form and its tests. */
export const ESTIMATE_MESSAGES = {
  successTitle: "Message Sent Successfully!",
  successDescription: (provider: string) => `We'll get back to you as soon as possible. (Sent via ${provider}.)`,
  errorTitle: "Error Sending Message",
  serverError: (detail: string) => `There was an issue: ${detail}. Please try again.`,
  statusDetail: (status: number) => `Server responded with status ${status}`,
  networkError: "Could not connect. Please check your internet connection or contact us directly.",
} as const;

/** Spec §9 timings (ms). */
export const ESTIMATE_TIMINGS = { successPanel: 5000, toast: 7000, defaultToast: 5000 } as const;
