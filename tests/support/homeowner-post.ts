// The homeowner's form POST from the quote page, as a browser sends it: the page is no-referrer, so "Origin: null",
// with Sec-Fetch-Site saying it came from the site itself. Server tests and stories post quote forms through this.
export function homeownerPost(
  link: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return fetch(link, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: "null",
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body,
  });
}

/** The homeowner accepts a one-option quote online (over $1,000: the pamphlet ticked). */
export function acceptOnline(link: string): Promise<Response> {
  return homeownerPost(link, {
    intent: "accept",
    option: "a",
    name: "Dana Whitfield",
    consent: "yes",
    pamphlet: "yes",
    version: "1",
  });
}
