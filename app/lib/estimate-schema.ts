// Server-side validation of an estimate request, from the same field list the form renders.
import { z } from "zod";
import { ESTIMATE_LIMITS, SERVICE_CHOICES } from "./estimate-fields";

// C0/C1 control characters other than tab and newlines have no place in a form field.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !CONTROL_CHARS.test(v) && !/[\r\n]/.test(v), `${label} contains characters we can't accept.`);

export const estimateSchema = z.object({
  name: singleLine("Full Name", ESTIMATE_LIMITS.name),
  email: singleLine("Email Address", ESTIMATE_LIMITS.email).pipe(z.email("Email Address must be a valid email address.")),
  phone: singleLine("Phone Number", ESTIMATE_LIMITS.phone).refine(
    (v) => /^[0-9+().\-\s/x#ext]+$/i.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7,
    "Phone Number must be a valid phone number.",
  ),
  service: z
    .union([z.literal(""), z.enum(SERVICE_CHOICES, { error: "Service Needed must be one of the listed services." })])
    .optional()
    .default(""),
  message: z
    .string({ error: "Message is required." })
    // Browsers send form line breaks as CRLF; store plain newlines.
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .pipe(z.string().trim()
    .min(1, "Message is required.")
    .max(ESTIMATE_LIMITS.message, `Message must be at most ${ESTIMATE_LIMITS.message} characters.`)
    .refine((v) => !CONTROL_CHARS.test(v), "Message contains characters we can't accept.")),
});

export type EstimateRequest = z.infer<typeof estimateSchema>;

export type FieldError = { field: string; code: string; message: string };

export type EstimateValidation =
  | { ok: true; data: EstimateRequest }
  | { ok: false; errors: FieldError[] };

/** Validates raw form values; each field may appear at most once. */
export function validateEstimate(values: Record<string, unknown>): EstimateValidation {
  const result = estimateSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? "form"),
      code: issue.code,
      message: issue.message,
    })),
  };
}
