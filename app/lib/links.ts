/** "(309) 555-0134" -> "tel:3095550134": dialers want digits only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\D/g, "")}`;
}

/** A text message to the number (sms:, non-digits stripped as for tel:). */
export function smsHref(phone: string): string {
  return `sms:${phone.replace(/\D/g, "")}`;
}

export function mailtoHref(email: string, subject?: string): string {
  return `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
}

export function isExternal(href: string): boolean {
  return /^https?:\/\//.test(href);
}
