// Copy for the home page (/). Service cards come from the services content; testimonials from ./testimonials.
import type { Item, RichText } from "./types";

type Intro = { readonly heading: string; readonly lead: string };

export const home = {
  seo: {
    title: "Chimney & Masonry Repair in Bloomington, IL | Free Estimates",
    description:
      "Chimney crown repair, tuckpointing, caps and rebuilds for homes in Bloomington, Normal, Peoria and nearby towns. Licensed, insured and free estimates.",
  },
  hero: {
    eyebrow: "Chimney & masonry specialists since 2009",
    heading: "Chimney & Masonry Repair Built for Illinois Winters",
    lead: "We repair crowns, tuckpoint brick and rebuild failing chimneys for homeowners across Bloomington-Normal and the Peoria area. Every job starts with a free, no-pressure estimate.",
  },
  trustedExperts: {
    heading: "Trusted Chimney Experts in Central Illinois",
    intro: [
      "Central Illinois is hard on chimneys. Freeze-thaw cycles crack crowns and loosen mortar, spring storms drive rain into the brick, and a small gap at the top can turn into a stained ceiling or loose brick on the roof. Since 2009 our crew has been repairing chimneys and masonry on homes across McLean, Peoria and Tazewell counties.",
      [
        "We work on the whole chimney, from the ",
        { text: "crown", href: "/services/chimney-crowns" },
        " and ",
        { text: "cap", href: "/services/hoods-and-caps" },
        " at the top to ",
        { text: "tuckpointing", href: "/services/tuckpointing" },
        " and ",
        { text: "masonry repair", href: "/services/masonry-repair" },
        " down the stack. We'll tell you plainly what needs fixing now, what can wait, and what it will cost.",
      ],
    ],
    bullets: [
      "Free, no-obligation estimates",
      "Licensed and insured",
      "Serving Central Illinois since 2009",
      "Brick and mortar matched to your home",
      "Warranty on most work, typically 5-10 years",
    ],
  },
  servicesIntro: {
    heading: "Our Chimney & Masonry Services",
    lead: "From a cracked crown to a chimney that has to come down to the roofline, we handle the repair from start to finish.",
  },
  whyChooseUs: {
    heading: "Why Homeowners Choose Us",
    lead: "Good masonry work should last decades. Here's how we make sure ours does.",
    items: [
      {
        title: "Honest Assessments",
        description:
          "We show you what we found on the roof and explain what needs attention now and what can wait. We won't sell you a rebuild when a repair will do.",
        icon: "search",
      },
      {
        title: "Built for Freeze-Thaw",
        description:
          "Crowns with a proper overhang and drip edge, mortar suited to your brick, and caps that keep water out of the flue, all meant to stand up to Illinois winters.",
        icon: "snowflake",
      },
      {
        title: "Licensed & Insured",
        description:
          "You're protected while we're on your roof and around your home, and we're happy to show proof of insurance before we start.",
        icon: "shield-check",
      },
      {
        title: "Clear, Upfront Pricing",
        description: [
          "Your estimate spells out the work and the price before anything starts. For ballpark numbers, see our ",
          { text: "chimney repair cost guide", href: "/blog/cost-of-chimney-repair-bloomington-il" },
          ".",
        ],
        icon: "dollar-sign",
      },
      {
        title: "Warranty-Backed Work",
        description:
          "Most of our work carries a warranty, mostly 5-10 years depending on the job, and we tell you what's covered up front.",
        icon: "badge-check",
      },
      {
        title: "Local Since 2009",
        description:
          "We're based in Bloomington and have worked on homes from Normal to Pekin for over fifteen years. We know the brick, the weather and the older houses around here.",
        icon: "map-pin",
      },
    ],
  },
  testimonialsIntro: {
    heading: "What Our Customers Say",
    lead: "A few words from homeowners we've worked with across Central Illinois.",
  },
  serviceArea: {
    heading: "Serving Bloomington-Normal and the Peoria Area",
    lead: "We're based in Bloomington and work in these towns every week. Live nearby but don't see your town? Call us and we'll let you know if we can get to you.",
  },
  cta: {
    heading: "Ready to Fix Your Chimney?",
    lead: "Tell us what you're seeing, and we'll set up a free estimate at a time that works for you.",
  },
} as const satisfies {
  readonly seo: { readonly title: string; readonly description: string };
  readonly hero: { readonly eyebrow: string; readonly heading: string; readonly lead: string };
  readonly trustedExperts: {
    readonly heading: string;
    readonly intro: readonly RichText[];
    readonly bullets: readonly [string, string, string, string, string];
  };
  readonly servicesIntro: Intro;
  readonly whyChooseUs: Intro & { readonly items: readonly [Item, Item, Item, Item, Item, Item] };
  readonly testimonialsIntro: Intro;
  readonly serviceArea: Intro;
  readonly cta: Intro;
};
