// What the owner's phone sends to the console's forms, for tests and tools that publish through it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

/** A form's fields as a browser sends them (Conform's names: a.b[0].c). */
export function formFields(value: unknown, prefix = "", out = new URLSearchParams()): URLSearchParams {
  if (Array.isArray(value)) value.forEach((v, i) => formFields(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) formFields(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (value === true) out.append(prefix, "on");
  else if (value !== false && value !== undefined && value !== null) out.append(prefix, String(value));
  return out;
}

/** The business facts form of the site in `repo`, saved with a new phone (POST /owner/site/edit/business). */
export function phoneChange(repo: string, phone: string, csrf: string): URLSearchParams {
  const fields = formFields(parse(readFileSync(path.join(repo, "content/business.yaml"), "utf8")));
  fields.set("phone", phone);
  fields.append("csrf", csrf);
  fields.append("intent", "save");
  return fields;
}

/** Posts that form to the console at `base` as the signed-in owner; the console's answer (302 when queued). */
export function postPhoneChange(
  base: string,
  repo: string,
  phone: string,
  owner: { cookie: string; csrf: string },
): Promise<Response> {
  return fetch(`${base}/owner/site/edit/business`, {
    method: "POST",
    body: phoneChange(repo, phone, owner.csrf),
    redirect: "manual",
    headers: { origin: base, cookie: owner.cookie },
  });
}
