import type { Post } from "../types";

export const post = {
  slug: "signs-you-need-chimney-crown-repair-bloomington",
  title: "7 Signs You Need Chimney Crown Repair in Bloomington",
  seo: {
    title: "7 Signs You Need Chimney Crown Repair in Bloomington, IL",
    description:
      "Cracks, crumbling concrete, leaks and rust can all point to a failing chimney crown. Learn the 7 warning signs and how Bloomington winters speed up the damage.",
  },
  excerpt:
    "Bloomington's freeze-thaw winters are hard on chimney crowns. Here are seven warning signs that yours needs repair, and what to do before a small crack becomes a big leak.",
  datePublished: "2025-06-09",
  artwork: "post-crown-signs",
  imageAlt:
    "Illustration of the top of a brick chimney with a cracked concrete crown, water dripping into the cracks and snowflakes in the air",
  body: [
    {
      type: "p",
      text: "The chimney crown is easy to forget because you rarely see it. It sits at the very top of the chimney, above the brick, and most homeowners never look at it until water shows up inside. Yet the crown is the part of the chimney that takes the most direct hit from rain, snow and ice, and when it fails, the damage spreads down into the brick, the flue and sometimes the rooms below.",
    },
    {
      type: "p",
      text: "Here is what the crown does, why crowns in Bloomington crack, and the seven signs that yours needs attention.",
    },
    {
      type: "h2",
      id: "what-a-chimney-crown-does",
      text: "What a Chimney Crown Does",
    },
    {
      type: "p",
      text: [
        "A ",
        { text: "chimney crown", href: "/services/chimney-crowns" },
        " is the concrete slab that caps the top of a masonry chimney. It seals the space between the brick and the flue liner, and a well-built crown slopes away from the flue and overhangs the brick so water drips clear of the chimney walls instead of running down them.",
      ],
    },
    {
      type: "p",
      text: "A properly formed, cast-in-place concrete crown can last 50 years or more. Pre-cast crowns and thin mortar washes, which many older homes have, often last only 5 to 15 years before they crack.",
    },
    {
      type: "h2",
      id: "why-bloomington-crowns-crack",
      text: "Why Crowns Crack in Bloomington",
    },
    {
      type: "p",
      text: "Central Illinois weather is the main culprit. Through the winter, temperatures in Bloomington and Normal swing above and below freezing again and again. Water soaks into tiny cracks in the crown during a thaw, then freezes and expands when the temperature drops. Each cycle pushes the crack a little wider, and by spring a hairline crack can become an open gap.",
    },
    {
      type: "p",
      text: "Summer adds its own stress. Hot sun and heavy thunderstorms make the concrete expand and contract, and wind-driven rain finds every weak spot. A crown built without an overhang, or made from plain mortar instead of a proper concrete mix, simply does not hold up to that routine for long.",
    },
    {
      type: "h2",
      id: "seven-signs",
      text: "7 Signs Your Chimney Crown Needs Repair",
    },
    { type: "h3", text: "1. Visible Cracks in the Crown" },
    {
      type: "p",
      text: "Cracks are the most common and most obvious sign. Hairline cracks can often be sealed, but wider cracks, or cracks that run all the way across the crown, let water straight into the chimney. Use binoculars from the yard rather than climbing onto the roof.",
    },
    { type: "h3", text: "2. Crumbling or Flaking Concrete" },
    {
      type: "p",
      text: "If the surface of the crown looks rough, pitted or is breaking apart in layers, the concrete is breaking down from repeated freezing. A crumbling crown no longer sheds water and usually needs more than a surface coating.",
    },
    { type: "h3", text: "3. Chunks of Concrete on the Roof or Ground" },
    {
      type: "p",
      text: "Small pieces of concrete or mortar on the shingles, in the gutters or on the ground around the house are a sign that something up top is coming apart. Pay special attention after winter and after strong storms.",
    },
    { type: "h3", text: "4. Water Stains or Leaks Near the Fireplace" },
    {
      type: "p",
      text: "Damp spots on the ceiling or wall beside the chimney, water in the firebox, or a musty smell from the fireplace often trace back to the crown. Flashing problems can cause similar leaks, so an inspection is the best way to find the real source.",
    },
    { type: "h3", text: "5. Spalling or Stained Brick Below the Crown" },
    {
      type: "p",
      text: [
        "When water gets past the crown, it soaks the top courses of brick. Look for brick faces that are flaking off, a phenomenon called spalling, or white, chalky stains called efflorescence. Both mean water is moving through the masonry, and left alone they can lead to ",
        { text: "tuckpointing", href: "/services/tuckpointing" },
        " or brick replacement on top of the crown work.",
      ],
    },
    { type: "h3", text: "6. Rust on the Damper or Firebox" },
    {
      type: "p",
      text: "A rusty damper, rust stains in the firebox or rust on a metal chimney cap point to water coming down the flue. An open or missing cap is one cause, but a cracked crown that lets water run along the outside of the flue liner is another.",
    },
    { type: "h3", text: "7. No Overhang or a Gap Around the Flue" },
    {
      type: "p",
      text: "Some crowns were never built right to begin with. If the crown sits flush with the brick, with no overhang or drip edge, water runs down the face of the chimney every time it rains. A visible gap or cracked seal where the flue tile meets the crown is another weak point that lets water into the chimney.",
    },
    {
      type: "h2",
      id: "what-to-do",
      text: "What to Do If You Spot These Signs",
    },
    {
      type: "p",
      text: "Crown problems rarely fix themselves, and they tend to speed up once water gets in. Here is a sensible order of steps:",
    },
    {
      type: "ol",
      items: [
        "Look from the ground with binoculars and take photos of anything that concerns you. Stay off the roof.",
        "Check inside for water stains, rust or a damp smell around the fireplace.",
        [
          "Schedule a professional inspection. We recommend having your chimney inspected every year, and right away if you notice any of the signs above. You can ",
          { text: "request a free estimate", href: "/contact" },
          " online.",
        ],
        "Plan the repair for a dry stretch of weather, ideally before the next winter sets in.",
      ],
    },
    { type: "h3", text: "Repair or replace?" },
    {
      type: "p",
      text: "Hairline cracks in an otherwise solid crown can usually be sealed with a flexible crown sealant, and a worn surface can sometimes be resurfaced. If the crown is crumbling, cracked through, or was built without an overhang, replacement is the longer-lasting fix. Crown repair and sealing often takes a few hours. A replacement takes longer because the old crown has to come off and the new concrete needs time to cure, and the schedule depends on the weather.",
    },
    {
      type: "p",
      text: [
        "If the brick under the crown is loose or badly spalled, the top of the chimney may need ",
        { text: "masonry repair", href: "/services/masonry-repair" },
        " or a ",
        { text: "partial rebuild", href: "/services/chimney-rebuilds" },
        " before a new crown goes on. Adding a ",
        { text: "chimney cap", href: "/services/hoods-and-caps" },
        " at the same time keeps rain off the flue and protects your new crown.",
      ],
    },
    {
      type: "callout",
      title: "Catch it early",
      text: [
        "Sealing a hairline crack costs far less than replacing a crown, and replacing a crown costs far less than rebuilding the top of a chimney. See typical prices in our ",
        {
          text: "2025 chimney repair cost guide",
          href: "/blog/cost-of-chimney-repair-bloomington-il",
        },
        ".",
      ],
    },
    {
      type: "h2",
      id: "crown-repair-in-bloomington",
      text: "Chimney Crown Repair in Bloomington and Normal",
    },
    {
      type: "p",
      text: [
        "Our crew repairs and replaces chimney crowns for homeowners throughout ",
        { text: "Bloomington", href: "/locations/bloomington" },
        " and ",
        { text: "Normal", href: "/locations/normal" },
        ", along with the surrounding towns. We build crowns with a proper slope, overhang and drip edge so they stand up to Central Illinois winters. If storm damage caused the problem, our guide on ",
        {
          text: "whether insurance will pay for chimney repair",
          href: "/blog/will-insurance-pay-for-chimney-repair",
        },
        " explains what to document. When you are ready, give us a call or send us a note and we will take a look.",
      ],
    },
  ],
} as const satisfies Post;
