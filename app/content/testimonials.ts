// Customer testimonials shown on the home page. The three below are invented samples (the spec asks for three
// 5-star testimonials): replace each with a real customer's words, their consent and the date before launch
// (FTC 16 CFR 465 bans testimonials from people who are not real customers). `npm run check:launch` lists them.
import type { Testimonial } from "./types";

export const testimonials = [
  {
    name: "Mark T.",
    location: "Normal, IL",
    quote:
      "Our crown had cracks you could slide a coin into, and we'd started getting a water stain on the living room ceiling. They tore off the old crown and formed a new one in October, before the first hard freeze. We went all winter without a drip.",
    rating: 5,
    sample: true,
  },
  {
    name: "Linda K.",
    location: "Peoria, IL",
    quote:
      "Our house was built in 1926 and the mortar on the chimney and back wall was crumbling out in handfuls. The crew matched the old mortar color so well that I can't tell where the new work starts. They cleaned up every afternoon before they left.",
    rating: 5,
    sample: true,
  },
  {
    name: "Dave R.",
    location: "Washington, IL",
    quote:
      "We had raccoons nesting in our chimney two springs in a row. They put on a stainless steel cap with a mesh screen in about an hour, and we haven't had an animal in there since. The final bill matched the estimate.",
    rating: 5,
    sample: true,
  },
] as const satisfies readonly Testimonial[];
