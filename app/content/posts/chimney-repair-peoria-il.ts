import type { Post } from "../types";

export const post = {
  slug: "chimney-repair-peoria-il",
  title: "Chimney Repair in Peoria, IL: A Homeowner's Guide",
  seo: {
    title: "Chimney Repair in Peoria, IL: What Homeowners Should Know",
    description:
      "How Peoria's older homes, Illinois River humidity and freeze-thaw winters wear down chimneys, the most common repairs, and how to choose a contractor.",
  },
  excerpt:
    "Older brick, river humidity and hard winters make Peoria chimneys work harder than most. Learn the common repairs and how to pick the right contractor.",
  datePublished: "2025-06-13",
  dateModified: "2025-06-16",
  artwork: "post-peoria",
  imageAlt:
    "Illustration of an older two-story brick house with a tall chimney on a bluff above a river, with a mason repointing the chimney",
  body: [
    {
      type: "p",
      text: "Peoria has some of the most character-filled homes in Central Illinois, from brick houses on the bluffs to modest bungalows and postwar ranches across the city. Many of them share one thing: a masonry chimney that has been standing through decades of river-valley weather. This guide covers why Peoria chimneys wear the way they do, the repairs we see most often, and how to choose a contractor you can trust.",
    },
    {
      type: "h2",
      id: "older-housing-stock",
      text: "Peoria's Older Housing Stock",
    },
    {
      type: "p",
      text: "Many of Peoria's homes were built long before modern building codes, especially in older neighborhoods like the West Bluff and the historic districts near downtown. Their chimneys were often built with softer brick and lime-based mortar, a combination that works well together but wears with age.",
    },
    {
      type: "p",
      text: [
        "Older chimneys need repairs that respect how they were built. Modern mortar is much harder than historic lime mortar, and packing it into joints around soft, old brick can trap moisture and cause the brick faces to crack and flake. Good ",
        { text: "tuckpointing", href: "/services/tuckpointing" },
        " on an older home means choosing a mortar that suits the brick and matching its color so the repair blends in.",
      ],
    },
    {
      type: "p",
      text: "Age also brings problems you cannot see from the street. Many older chimneys were built with clay tile flue liners, or none at all, and those liners can crack over the years. Chimneys that served coal furnaces decades ago may have seen a lot of wear on the inside.",
    },
    {
      type: "h2",
      id: "river-humidity-and-weather",
      text: "River Humidity and Freeze-Thaw Winters",
    },
    {
      type: "p",
      text: "Peoria sits along the Illinois River, and the river valley keeps the air humid for much of the year. Brick and mortar absorb moisture, and in damp conditions they dry out more slowly. You may notice moss or green staining on the shaded side of a chimney, or white, chalky efflorescence where water has carried salts to the surface.",
    },
    {
      type: "p",
      text: "Winter is when that moisture does the most harm. As temperatures swing above and below freezing, water trapped in cracks and porous brick freezes, expands and slowly pries the masonry apart. Add spring thunderstorms with strong winds and hail, and a chimney in Peoria takes a steady beating from every direction.",
    },
    {
      type: "h2",
      id: "common-chimney-repairs",
      text: "Common Chimney Repairs in Peoria",
    },
    { type: "h3", text: "Crown repair and replacement" },
    {
      type: "p",
      text: [
        "The crown at the top of the chimney is the first line of defense against water, and it is often the first thing to fail. Small cracks can be sealed, while a crumbling crown needs to be replaced. Learn the warning signs in our article on ",
        {
          text: "signs you need chimney crown repair",
          href: "/blog/signs-you-need-chimney-crown-repair-bloomington",
        },
        ", or see our ",
        { text: "chimney crown services", href: "/services/chimney-crowns" },
        ".",
      ],
    },
    { type: "h3", text: "Tuckpointing" },
    {
      type: "p",
      text: "Mortar joints wear out faster than brick. Most chimneys need tuckpointing every 20 to 30 years, and chimneys more than 25 years old typically need at least some joints repointed. Catching it early keeps water from getting behind the brick.",
    },
    { type: "h3", text: "Brick replacement and masonry repair" },
    {
      type: "p",
      text: [
        "Spalled or cracked bricks can be cut out and replaced with a close match. Our ",
        { text: "masonry repair", href: "/services/masonry-repair" },
        " work also covers foundations, steps and walls, and many older Peoria basements are good candidates for ",
        { text: "glass block windows", href: "/services/glass-block-windows" },
        " that add security and light.",
      ],
    },
    { type: "h3", text: "Caps and hoods" },
    {
      type: "p",
      text: [
        "An open flue lets in rain, leaves, birds and raccoons, all common around Peoria's wooded bluffs and river bottoms. A properly sized ",
        { text: "chimney cap or hood", href: "/services/hoods-and-caps" },
        " is one of the most cost-effective upgrades you can make, and installation usually takes only an hour or two.",
      ],
    },
    { type: "h3", text: "Partial and complete rebuilds" },
    {
      type: "p",
      text: [
        "When a chimney leans, has many loose bricks above the roofline, or was damaged in a storm, a ",
        { text: "chimney rebuild", href: "/services/chimney-rebuilds" },
        " may be the safest option. A rebuild can take from a few days to 1-2 weeks depending on the size of the chimney and the weather.",
      ],
    },
    {
      type: "h2",
      id: "choosing-a-contractor",
      text: "How to Choose a Chimney Contractor in Peoria",
    },
    {
      type: "p",
      text: "The right contractor matters as much as the right repair. Before you hire anyone, look for these things:",
    },
    {
      type: "ul",
      items: [
        "Proof of liability insurance, plus any licensing or registration your city requires",
        "Experience with older brick and mortar, and a willingness to explain how they will match it",
        "A written, itemized estimate that spells out the scope of work, materials and timeline",
        "Photos of the damage, so you can see what they see on the roof",
        "A written warranty on workmanship. Ours is typically 5 to 10 years, depending on the job",
        "A reasonable payment schedule rather than full payment before work begins",
      ],
    },
    {
      type: "callout",
      title: "Watch out for storm chasers",
      text: [
        "After a big hail or wind storm, out-of-town crews sometimes go door to door offering fast chimney and roof repairs. Be cautious with anyone who pressures you to sign on the spot or asks for a large payment up front. If your chimney was damaged in a storm, read our guide on ",
        {
          text: "whether insurance will pay for chimney repair",
          href: "/blog/will-insurance-pay-for-chimney-repair",
        },
        " before you sign anything.",
      ],
    },
    {
      type: "h2",
      id: "serving-the-peoria-area",
      text: "Serving Peoria and Nearby Towns",
    },
    {
      type: "p",
      text: [
        "Our crew makes regular trips to ",
        { text: "Peoria", href: "/locations/peoria" },
        " and the surrounding area, including ",
        { text: "East Peoria", href: "/locations/east-peoria" },
        ", ",
        { text: "Washington", href: "/locations/washington" },
        ", ",
        { text: "Morton", href: "/locations/morton" },
        ", ",
        { text: "Pekin", href: "/locations/pekin" },
        " and ",
        { text: "Chillicothe", href: "/locations/chillicothe" },
        ". We recommend an inspection every year so small problems get fixed before they turn into big ones. To get started, ",
        { text: "request a free estimate", href: "/contact" },
        " or give us a call.",
      ],
    },
    {
      type: "faq",
      heading: "Peoria Chimney Repair FAQ",
      items: [
        {
          question: "How much does chimney repair cost in Peoria?",
          answer: [
            "It depends on the work. Crown repair typically runs $300-$1,200, tuckpointing $500-$2,500 or more, and a partial rebuild $1,500-$5,000 or more. See our ",
            {
              text: "2025 chimney repair cost guide",
              href: "/blog/cost-of-chimney-repair-bloomington-il",
            },
            " for the full list of typical ranges.",
          ],
        },
        {
          question: "How long does a chimney repair take?",
          answer:
            "Small repairs such as sealing a crown or installing a cap can take a few hours. Larger jobs like tuckpointing a whole chimney can take 3-5 days or more, and rebuilds can take from a few days to 1-2 weeks. Weather can add time.",
        },
        {
          question: "Do you really come to Peoria from Bloomington?",
          answer:
            "Yes. Peoria and the towns around it are a regular part of our service area, and we set up inspections and estimates there just as we do closer to home.",
        },
        {
          question: "Can you match the brick and mortar on an older home?",
          answer:
            "In most cases we can get a close match by sourcing similar brick and adjusting the mortar color and mix. We will talk through the options, and show you how close the match will be, before any work starts.",
        },
        {
          question:
            "Is it safe to use my fireplace if the chimney needs repair?",
          answer:
            "It depends on the problem. A cracked crown is mainly a water problem, but loose brick, a damaged flue liner, smoke coming into the room or signs of a past chimney fire are reasons to stop using the fireplace until it has been inspected.",
        },
      ],
    },
  ],
} as const satisfies Post;
