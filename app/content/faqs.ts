// FAQ content for the /faq page (general and service questions) and the /contact page.
// An answer is plain text, or one run of text with inline links (an array of strings and { text, href }).
import { business } from "./business";
import type { FaqItem } from "./types";

const cards = business.paymentMethods.filter((m) => m !== "Bitcoin");

export const generalFaqs = [
  {
    question: "How often should my chimney be inspected?",
    answer:
      "Once a year. Central Illinois winters put a chimney through dozens of freeze-thaw cycles, and small cracks in the crown or mortar grow quickly once water gets in. Late summer or early fall is the best time, so any repairs are finished before you light the first fire and before the ground freezes. Have it checked again after a major storm or if you notice a new leak or stain.",
  },
  {
    question: "What areas do you serve?",
    answer: [
      "We're based in Bloomington and work throughout Bloomington-Normal and the Peoria area: ",
      { text: "Bloomington", href: "/locations/bloomington" },
      ", ",
      { text: "Normal", href: "/locations/normal" },
      ", ",
      { text: "Peoria", href: "/locations/peoria" },
      ", ",
      { text: "East Peoria", href: "/locations/east-peoria" },
      ", ",
      { text: "Washington", href: "/locations/washington" },
      ", ",
      { text: "Morton", href: "/locations/morton" },
      ", ",
      { text: "Pekin", href: "/locations/pekin" },
      " and ",
      { text: "Chillicothe", href: "/locations/chillicothe" },
      ". If you live just outside these towns, give us a call and we'll let you know if we can get to you.",
    ],
  },
  {
    question: "Do you offer free estimates?",
    answer: [
      "Yes. We come out, look at the chimney or masonry, explain what we found and give you a price before any work starts. There's no charge and no obligation. ",
      { text: "Request a free estimate", href: "/contact" },
      " and we'll set up a time that works for you.",
    ],
  },
  {
    question: "Are you licensed and insured?",
    answer:
      "Yes. We're licensed and carry liability insurance, so you're protected if something goes wrong while we're working on your roof or around your home. We're glad to show proof of insurance before a job starts, and we recommend asking any contractor for it.",
  },
  {
    question: "What payment methods do you accept?",
    answer: `We accept ${cards.slice(0, -1).join(", ")} and ${cards.at(-1)}, and we also take Bitcoin. We'll go over payment when we give you your estimate, so there are no surprises at the end of the job.`,
  },
] as const satisfies readonly FaqItem[];

export const serviceFaqs = [
  {
    question: "What's the difference between a chimney crown and a chimney cap?",
    answer: [
      "The ",
      { text: "crown", href: "/services/chimney-crowns" },
      " is the concrete slab that covers the top of the brick around the flue. It sheds rain and snowmelt away from the masonry. The ",
      { text: "cap", href: "/services/hoods-and-caps" },
      " is the metal cover that sits over the flue opening itself, with a mesh screen that keeps out rain, birds, raccoons and stray sparks. They do different jobs, and most chimneys need both.",
    ],
  },
  {
    question: "How long does tuckpointing last?",
    answer: [
      "Done properly, ",
      { text: "tuckpointing", href: "/services/tuckpointing" },
      " typically lasts 20-30 years before the joints need attention again. How long it holds up depends on the mortar mix, how deep the old mortar was removed, and how much water the wall takes. Chimneys get the worst of the weather, so they often need it before the walls of the house do.",
    ],
  },
  {
    question: "Can you match my existing brick?",
    answer: [
      "In most cases, yes. We match size, color and texture using new brick or salvaged brick, and we tint the mortar to blend with your existing joints. On older homes with brick that's no longer made, an exact match isn't always possible, so we'll show you the closest options before we start. See our ",
      { text: "masonry repair", href: "/services/masonry-repair" },
      " page for more on how we handle repairs.",
    ],
  },
  {
    question: "How long does a chimney rebuild take?",
    answer: [
      "Anywhere from a few days to 1-2 weeks. A ",
      { text: "partial rebuild", href: "/services/chimney-rebuilds" },
      " from the roofline up is usually done in a few days. A complete rebuild takes longer, and rain or cold weather can add time because mortar and concrete need the right conditions to cure. We'll give you a realistic schedule with your estimate.",
    ],
  },
] as const satisfies readonly FaqItem[];

export const contactFaqs = [
  {
    question: "What are the signs my chimney needs repair?",
    answer: [
      "Watch for cracks in the crown, crumbling or missing mortar, brick faces that flake or pop off (spalling), white staining on the brick, rust on the damper or firebox, water stains on the ceiling or wall next to the chimney, and bits of brick or mortar on the roof or in the fireplace. A chimney that leans or pulls away from the house needs attention right away. Our guide to the ",
      { text: "signs you need chimney crown repair", href: "/blog/signs-you-need-chimney-crown-repair-bloomington" },
      " covers the most common warning signs in more detail.",
    ],
  },
  {
    question: "How much does chimney repair cost?",
    answer: [
      "It depends on what's wrong. As a rough guide for 2025, crown repair runs about $300-$1,200, tuckpointing $500-$2,500 or more, a new cap $200-$700 or more, and a complete rebuild $5,000-$20,000 or more. Our ",
      { text: "chimney repair cost guide", href: "/blog/cost-of-chimney-repair-bloomington-il" },
      " breaks down the common jobs. If a storm caused the damage, our article on ",
      { text: "whether insurance will pay for chimney repair", href: "/blog/will-insurance-pay-for-chimney-repair" },
      " explains what homeowners policies usually cover. For an exact price, ",
      { text: "request a free estimate", href: "/contact" },
      ".",
    ],
  },
  {
    question: "How long does a chimney repair take?",
    answer:
      "Small jobs like a new cap or sealing a crown take a few hours. Larger jobs such as a crown replacement, tuckpointing a full chimney or a partial rebuild usually take 3-5 days or more, depending on the size of the job and the weather. We'll give you a timeline with your estimate and keep you posted if rain or cold pushes the schedule.",
  },
  {
    question: "Do you offer emergency service?",
    answer:
      "Yes, for urgent problems. If a storm has knocked bricks loose, the chimney is leaning, or water is coming in around it, call us right away. We move safety problems to the front of the schedule, make the chimney safe first, and then plan the permanent repair. Until we've seen it, stay out from under the chimney and don't use the fireplace.",
  },
  {
    question: "Are you licensed and insured?",
    answer:
      "Yes. We're licensed and insured, and we'll provide proof of insurance before a job starts if you'd like to see it. Chimney work means ladders, roofs and heavy materials, so we recommend checking this with any contractor you hire.",
  },
  {
    question: "Do you offer a warranty?",
    answer:
      "Yes. Most of our work carries a warranty, mostly 5-10 years depending on the job. The length depends on the type of repair and the condition of the surrounding masonry, and we'll tell you exactly what's covered before we start.",
  },
] as const satisfies readonly FaqItem[];
