import type { Post } from "../types";

export const post = {
  slug: "cost-of-chimney-repair-bloomington-il",
  title: "How Much Does Chimney Repair Cost in Bloomington, IL? (2025 Guide)",
  seo: {
    title: "Chimney Repair Cost in Bloomington, IL: 2025 Price Guide",
    description:
      "See 2025 price ranges for chimney inspections, crowns, tuckpointing, caps, liners and rebuilds in Bloomington, IL, plus what drives cost and how to save.",
  },
  excerpt:
    "Typical 2025 prices for chimney and masonry work in Bloomington, from a $100 inspection to a full rebuild, plus what drives the cost and how to keep it down.",
  datePublished: "2025-06-10",
  dateModified: "2025-06-11",
  artwork: "post-cost-guide",
  imageAlt:
    "Illustration of a brick chimney next to a clipboard with a price list, a calculator and a trowel",
  body: [
    {
      type: "p",
      text: "Chimney repair prices can feel like a mystery until someone is on your roof. A cracked crown might cost a few hundred dollars to fix, while a leaning chimney could need a rebuild that runs into five figures. This guide lays out typical 2025 price ranges for common chimney and masonry work in Bloomington and Normal, explains what pushes a price up or down, and helps you decide when a repair makes sense and when it is time to rebuild.",
    },
    {
      type: "h2",
      id: "chimney-repair-costs-2025",
      text: "2025 Chimney Repair Costs in Bloomington",
    },
    {
      type: "p",
      text: "The table below shows typical ranges for the work we see most often. Use it to plan and budget, not as a quote. Your price depends on what an inspection finds, and a plus sign means larger or more complex jobs can run higher.",
    },
    { type: "costTable" },
    {
      type: "p",
      text: "Where your job falls within a range depends on the details. The low end usually covers a single-story home with easy roof access and damage caught early. The high end reflects tall chimneys, steep roofs, hidden damage or work on older brick that takes extra care to match.",
    },
    {
      type: "h2",
      id: "what-drives-cost",
      text: "What Drives the Cost of Chimney Repair",
    },
    { type: "h3", text: "How far the damage has spread" },
    {
      type: "p",
      text: [
        "This is the biggest factor by far. A hairline crack in a crown can often be sealed. The same crack left through a few winters lets water into the brick, and then the job becomes a ",
        { text: "crown replacement", href: "/services/chimney-crowns" },
        " plus ",
        { text: "tuckpointing", href: "/services/tuckpointing" },
        " or brick replacement.",
      ],
    },
    { type: "h3", text: "Chimney height and roof access" },
    {
      type: "p",
      text: "A short chimney on a low-pitched ranch roof is simpler and safer to work on than a tall chimney on a steep two-story roof. Steep or high roofs may need extra safety equipment or scaffolding, which adds labor and time.",
    },
    { type: "h3", text: "Materials and matching" },
    {
      type: "p",
      text: "Matching the color and texture of existing brick and mortar takes time, especially on older homes. Salvaged or specialty brick costs more than standard brick, and the type of cap or liner you choose also affects the price.",
    },
    { type: "h3", text: "Size and number of flues" },
    {
      type: "p",
      text: "A wide chimney with several flues has a larger crown, more brick to repoint and, if a cap is needed, a bigger multi-flue cap. Each flue that needs a liner adds to the total.",
    },
    { type: "h3", text: "Hidden damage" },
    {
      type: "p",
      text: "Some problems only show up once work starts, like loose brick under a crown or cracked flue tiles. A good contractor will explain this possibility up front and talk with you before doing extra work.",
    },
    { type: "h3", text: "Season and weather" },
    {
      type: "p",
      text: "Masonry work depends on the weather. Mortar and concrete need the right conditions to cure, and tuckpointing is best done when temperatures stay between about 40°F and 90°F. In Central Illinois that means most exterior work happens from spring through fall. Emergency repairs in winter are possible, but they may be temporary fixes with the permanent repair scheduled once it warms up.",
    },
    { type: "h3", text: "Permits and disposal" },
    {
      type: "p",
      text: "Larger jobs such as rebuilds create a lot of old brick and concrete that has to be hauled away, and some work may need a local permit. Ask whether these are included in your estimate.",
    },
    { type: "h2", id: "ways-to-save", text: "Ways to Save on Chimney Repair" },
    {
      type: "ul",
      items: [
        "Have the chimney inspected every year. An inspection costs far less than the repairs it helps you avoid.",
        "Fix small problems right away. Sealing a crown or repointing a few joints is much cheaper than waiting until brick starts falling.",
        [
          "Install a ",
          { text: "chimney cap", href: "/services/hoods-and-caps" },
          " if you do not have one. It keeps rain, animals and debris out of the flue for a modest cost.",
        ],
        "Bundle work. If the crown, brick and cap all need attention, doing them in one visit saves on setup and roof access.",
        "Schedule early. Fall is the busiest season, so booking in spring or summer gives you more flexibility and good curing weather for mortar and concrete.",
        "Compare written estimates by scope, not just by price. Make sure each bid covers the same work, materials and warranty.",
      ],
    },
    {
      type: "h2",
      id: "does-insurance-cover-it",
      text: "Will Insurance Help Pay?",
    },
    {
      type: "p",
      text: [
        "Homeowners insurance may cover chimney damage caused by a sudden event such as lightning, wind, hail, a fallen tree or a chimney fire. It usually does not cover wear and tear, like worn mortar or a crown that cracked over many winters. Policies vary, so check yours and talk to your agent. Our article on ",
        {
          text: "whether insurance will pay for chimney repair",
          href: "/blog/will-insurance-pay-for-chimney-repair",
        },
        " explains what is typically covered and how to document a claim.",
      ],
    },
    { type: "h2", id: "repair-or-rebuild", text: "When to Repair vs. Rebuild" },
    {
      type: "p",
      text: "Repair is almost always the first choice when it will do the job, because it keeps more of your existing chimney and costs less. But there is a point where patching a failing chimney becomes money poorly spent.",
    },
    { type: "h3", text: "Repair usually makes sense when" },
    {
      type: "ul",
      items: [
        "The chimney is straight and structurally sound",
        "Damage is limited to the crown, a cap, flashing or some mortar joints",
        "Only a few scattered bricks are cracked or spalled",
      ],
    },
    { type: "h3", text: "A rebuild usually makes sense when" },
    {
      type: "ul",
      items: [
        "The chimney leans or is pulling away from the house",
        "Many bricks are loose, crumbling or missing, especially above the roofline",
        "Repeated repairs keep failing because the masonry underneath is saturated",
        "Storm damage has knocked down part of the chimney",
      ],
    },
    {
      type: "p",
      text: [
        "Often only the section above the roofline has failed, and a ",
        { text: "partial chimney rebuild", href: "/services/chimney-rebuilds" },
        " is enough. A complete rebuild is reserved for chimneys that are unsafe from the ground up. For scale, most repairs take anywhere from a few hours to 3-5 days or more, while a rebuild can take from a few days to 1-2 weeks depending on size and weather.",
      ],
    },
    {
      type: "h2",
      id: "getting-an-accurate-estimate",
      text: "Getting an Accurate Estimate",
    },
    {
      type: "p",
      text: [
        "The only way to know your true cost is to have someone look at the chimney up close. When we give an estimate, we inspect the crown, brick, mortar, flashing and cap, photograph what we find, and explain your options in plain terms, from the smallest repair that will work to longer-lasting fixes. Most of our work comes with a written warranty, typically 5 to 10 years depending on the job. We also handle general ",
        { text: "masonry repair", href: "/services/masonry-repair" },
        " such as steps, walls and foundations.",
      ],
    },
    {
      type: "callout",
      title: "Not sure what you need?",
      text: [
        "Start with our list of ",
        {
          text: "7 signs you need chimney crown repair",
          href: "/blog/signs-you-need-chimney-crown-repair-bloomington",
        },
        ", or ",
        { text: "request a free estimate", href: "/contact" },
        " and we will tell you what we find.",
      ],
    },
    {
      type: "p",
      text: [
        "We serve homeowners in ",
        { text: "Bloomington", href: "/locations/bloomington" },
        ", ",
        { text: "Normal", href: "/locations/normal" },
        ", ",
        { text: "Peoria", href: "/locations/peoria" },
        " and nearby towns. Give us a call to set up a visit, and check our ",
        { text: "FAQ", href: "/faq" },
        " for answers to other common questions.",
      ],
    },
  ],
} as const satisfies Post;
