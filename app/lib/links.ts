/** "(309) 555-0134" -> "tel:3095550134": dialers want digits only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\D/g, "")}`;
}

export function mailtoHref(email: string, subject?: string): string {
  return `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
}

export function isExternal(href: string): boolean {
  return /^https?:\/\//.test(href);
}
