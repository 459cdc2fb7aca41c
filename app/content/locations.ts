// City pages (/locations/{city}). The display name of each city lives in business.ts.
import type { City, CitySlug } from "./types";

export const cities = {
  bloomington: {
    slug: "bloomington",
    seo: {
      title: "Chimney & Masonry Repair in Bloomington, IL | Local Crew",
      description:
        "Chimney crowns, tuckpointing, caps and masonry repair in Bloomington, IL, from a local crew that knows Franklin Square and White Place brick. Free estimates.",
    },
    hero: {
      heading: "Chimney & Masonry Repair in Bloomington, IL",
      lead: "Bloomington is our home base. We repair crowns, repoint brick and fix leaking chimneys on houses across town, usually within a short drive of our shop.",
    },
    distance: "our home base",
    intro: [
      "Most of our work happens right here in Bloomington, on everything from Victorian homes near downtown to ranch houses and newer subdivisions on the east side. Because we are local, we can look at a problem quickly, come back to check a repair after a hard winter, and work around your schedule.",
      [
        "Wondering what a job might run? Our ",
        { text: "Bloomington chimney repair cost guide", href: "/blog/cost-of-chimney-repair-bloomington-il" },
        " lays out typical price ranges, and every visit from us starts with a free estimate.",
      ],
    ],
    local: [
      {
        heading: "Historic brick in Franklin Square and White Place",
        paragraphs: [
          "The Franklin Square Historic District around Franklin Park and the White Place neighborhood near Illinois Wesleyan hold some of the oldest brick in the city. Many of these chimneys were laid with soft lime mortar, and repointing them with a hard modern mix can crack the brick faces. We match mortar strength and color so repairs blend in and the masonry can still move.",
          "Outside the historic districts, much of Bloomington's housing dates from the mid-1900s on, where we mostly see worn crowns, missing caps and flashing leaks rather than failing brick. In the newer subdivisions, many fireplaces sit inside framed chases, and a rusted chase cover or missing cap is the usual culprit when water shows up on a ceiling.",
        ],
      },
      {
        heading: "What McLean County weather does to a chimney",
        paragraphs: [
          [
            "Central Illinois winters swing above and below freezing again and again. Water that soaks into a cracked crown or open mortar joint freezes, expands and pushes the gap wider each cycle. Our article on ",
            { text: "signs you need chimney crown repair", href: "/blog/signs-you-need-chimney-crown-repair-bloomington" },
            " shows what to look for from the ground. Spring storms add wind-driven rain and the occasional hailstorm, so a spring check is worth it.",
          ],
        ],
      },
    ],
    featuredServices: ["chimney-crowns", "tuckpointing", "chimney-rebuilds", "masonry-repair", "hoods-and-caps"],
    whyChooseUs: [
      {
        title: "Based in Bloomington",
        description: "We live and work here, so estimates, repairs and follow-up visits come without long wait times or travel charges.",
        icon: "map-pin",
      },
      {
        title: "Care with historic brick",
        description: "We match soft lime mortars and brick color on older homes in Franklin Square, White Place and around downtown.",
        icon: "landmark",
      },
      {
        title: "Built for freeze-thaw",
        description: "Crowns with a proper overhang and drip edge, tight joints and caps that keep water out through the winter.",
        icon: "snowflake",
      },
      {
        title: "Clear written estimates",
        description: "You see what we found, with photos, and what each repair costs before any work begins.",
        icon: "clipboard-check",
      },
    ],
  },

  normal: {
    slug: "normal",
    seo: {
      title: "Chimney Repair in Normal, IL | Crowns, Caps & Tuckpointing",
      description:
        "Chimney and masonry repair in Normal, IL, from homes near Uptown and ISU to newer subdivisions. Crowns, caps, tuckpointing and glass block. Free estimates.",
    },
    hero: {
      heading: "Chimney & Masonry Repair in Normal, IL",
      lead: "Normal sits right next to our Bloomington shop, so we can usually get out for an estimate quickly. We handle crowns, caps, tuckpointing and brick repair across town.",
    },
    distance: "right next door to Bloomington",
    intro: [
      [
        "Normal and ",
        { text: "Bloomington", href: "/locations/bloomington" },
        " run together, and so does our schedule. We regularly work on houses around Illinois State University, on the older streets near Uptown, and in the subdivisions that have grown up on the north and east sides of town.",
      ],
      "Whether you own the home you live in or manage a rental near campus, we explain what we find in plain terms and give you a written estimate before any work starts.",
    ],
    local: [
      {
        heading: "Older homes near Uptown and ISU",
        paragraphs: [
          "The blocks around Uptown and the university, including the Fell Avenue area, have many early 20th-century houses with brick chimneys that have seen a century of weather. We often find eroded mortar joints, cracked crowns and flue tiles left open to rain. Tuckpointing and a new crown usually solve it without a rebuild.",
          "Many houses near campus are rentals, and a small leak can go unnoticed for a long time, since tenants rarely look up at the roof. We can inspect between leases, coordinate access with tenants and send owners photos of what we see.",
        ],
      },
      {
        heading: "Newer neighborhoods and open-prairie weather",
        paragraphs: [
          "Homes from the last few decades often have a factory-built fireplace inside a framed chase, or a short brick chimney. Their weak points are rusted chase covers, missing caps and failed flashing rather than brick. Wind sweeps across the open farmland around town, driving rain sideways into gaps, and freeze-thaw cycles widen any crack that takes on water. Summer hailstorms can dent caps and chip crowns, too. Catching these problems early usually means a small repair instead of water damage inside the walls.",
        ],
      },
    ],
    featuredServices: ["chimney-crowns", "hoods-and-caps", "tuckpointing", "masonry-repair", "glass-block-windows"],
    whyChooseUs: [
      {
        title: "Minutes away",
        description: "Normal is next door to our shop, which makes quick estimates and follow-up visits easy.",
        icon: "clock",
      },
      {
        title: "Help for rental owners",
        description: "We can coordinate access with tenants and send photos, so owners who live elsewhere know what they are paying for.",
        icon: "users",
      },
      {
        title: "Glass block for basements",
        description: "Replacing old basement windows with glass block adds security and privacy for homes and rentals near campus.",
        icon: "lock",
      },
      {
        title: "Honest repair-or-replace advice",
        description: "If tuckpointing or a new crown will do the job, we will not sell you a rebuild.",
        icon: "thumbs-up",
      },
    ],
  },

  peoria: {
    slug: "peoria",
    seo: {
      title: "Chimney Repair in Peoria, IL | Crowns, Tuckpointing & Caps",
      description:
        "Chimney and masonry repair in Peoria, IL: tuckpointing, crowns, caps and rebuilds for West Bluff, Moss-High and Averyville homes. Call for a free estimate.",
    },
    hero: {
      heading: "Chimney & Masonry Repair in Peoria, IL",
      lead: "Peoria has some of the oldest and finest brick chimneys in Central Illinois. We repair, repoint and rebuild them with the care older masonry needs.",
    },
    distance: "about 40 miles west of Bloomington",
    intro: [
      "We make regular trips from Bloomington to Peoria and group our jobs there by day, which lets us offer prompt estimates and firm start dates. Our crew works on houses throughout the city, from the bluff-top neighborhoods to the north end, and on everything from a single cracked crown to a full rebuild of a historic chimney.",
      [
        "For a closer look at common problems here and what repairs involve, read our ",
        { text: "guide to chimney repair in Peoria", href: "/blog/chimney-repair-peoria-il" },
        ".",
      ],
    ],
    local: [
      {
        heading: "West Bluff and the Moss-High historic district",
        paragraphs: [
          "The West Bluff, including the Moss-High historic district, is full of large late 19th- and early 20th-century homes with tall brick chimneys, decorative corbelling and multiple flues. These chimneys often need careful tuckpointing with mortar that matches the original in strength and color, and sometimes a partial rebuild above the roofline. We take the time to save original brick where it is sound.",
          "Many of these houses also have brick porches, garden walls and foundations that have settled or lost mortar over the years. We can repair them during the same visit, matching the existing brick as closely as we can.",
        ],
      },
      {
        heading: "Averyville, the north end and the river bluffs",
        paragraphs: [
          "In Averyville and the older north-end neighborhoods, modest early 20th-century houses tend to have simpler chimneys that suffer from cracked crowns, loose top courses and missing caps. Homes on the bluffs overlooking the Illinois River take the full force of wind-driven rain, which finds any open joint.",
          "The river valley keeps summers humid, so masonry dries slowly, and winter freeze-thaw cycles then expand the trapped moisture. Spring and summer hailstorms can crack crowns and dent metal caps. A sound crown, a good cap and tight mortar joints are the best defense.",
        ],
      },
    ],
    featuredServices: ["tuckpointing", "chimney-crowns", "chimney-rebuilds", "masonry-repair", "hoods-and-caps"],
    whyChooseUs: [
      {
        title: "Reliable Peoria-area scheduling",
        description: "We book Peoria jobs together, so you get a clear start date and a crew that shows up when we say.",
        icon: "calendar-check",
      },
      {
        title: "Know-how with historic brick",
        description: "Mortar matched to older brick, and original masonry saved wherever it is sound.",
        icon: "landmark",
      },
      {
        title: "Safe work on tall chimneys",
        description: "Proper access and roof protection for the tall, multi-flue chimneys common on the West Bluff.",
        icon: "hard-hat",
      },
      {
        title: "Photos of what we find",
        description: "We show you the damage before quoting, so you can see why a repair is needed.",
        icon: "search",
      },
    ],
  },

  "east-peoria": {
    slug: "east-peoria",
    seo: {
      title: "Chimney Repair in East Peoria, IL | Crowns, Caps & Masonry",
      description:
        "Chimney crowns, caps, tuckpointing and masonry repair for East Peoria hillside homes and the Fondulac area. Local crew, written estimates. Request yours today.",
    },
    hero: {
      heading: "Chimney & Masonry Repair in East Peoria, IL",
      lead: "From the river flats to the hillside streets, we fix crowns, caps and brick on East Peoria homes and keep water out of your chimney.",
    },
    distance: "about 37 miles west of Bloomington",
    intro: [
      [
        "East Peoria is one of the first stops on our way west from Bloomington, so we are in town often. We work on houses from the neighborhoods near the river to the homes climbing the bluffs, and regularly pair East Peoria jobs with work across the river in ",
        { text: "Peoria", href: "/locations/peoria" },
        ".",
      ],
      "Many chimney problems here start small: a hairline crack in the crown, a missing cap, a few open mortar joints. Catching them early keeps repairs simple and affordable.",
    ],
    local: [
      {
        heading: "Hillside neighborhoods and the Fondulac area",
        paragraphs: [
          "Much of East Peoria is built into hills, and a large share of its homes date from the mid-20th century. On the hillside streets and around the Fondulac area, chimneys stand exposed on one side and shaded on the other, so they dry unevenly and weather faster where the wind hits them.",
          "On a house built into a slope, the chimney on the downhill side can rise well above the ground, which makes damage hard to spot from the yard. We get up close and photograph it for you. Sloped lots also mean retaining walls, steps and foundations that need masonry repair as soil shifts.",
        ],
      },
      {
        heading: "River valley weather",
        paragraphs: [
          "Sitting along the Illinois River, East Peoria gets humid summers and damp air that keeps brick wet longer. When Central Illinois winters bring repeated freeze-thaw cycles, that moisture expands inside cracks and mortar. Storms coming up the valley drive rain sideways into chimneys, and summer hail can chip crowns. A well-fitted cap and a sealed crown go a long way here.",
        ],
      },
    ],
    featuredServices: ["chimney-crowns", "hoods-and-caps", "masonry-repair", "tuckpointing", "glass-block-windows"],
    whyChooseUs: [
      {
        title: "In town often",
        description: "We work on both sides of the river every week, which keeps scheduling straightforward.",
        icon: "calendar-check",
      },
      {
        title: "Comfortable on steep lots",
        description: "We plan safe ladder and roof access for hillside homes and tall chimneys on the downhill side.",
        icon: "hard-hat",
      },
      {
        title: "Caps built for the wind",
        description: "Caps and hoods fastened securely to stand up to gusts coming up the valley.",
        icon: "wind",
      },
      {
        title: "Masonry beyond the chimney",
        description: "We also repair brick steps, retaining walls and foundations while we are on site.",
        icon: "brick-wall",
      },
    ],
  },

  washington: {
    slug: "washington",
    seo: {
      title: "Chimney Repair in Washington, IL | Storm Damage & Rebuilds",
      description:
        "Chimney crowns, caps, rebuilds and tuckpointing in Washington, IL, for homes rebuilt after 2013 and older houses near the historic square. Free estimates.",
    },
    hero: {
      heading: "Chimney & Masonry Repair in Washington, IL",
      lead: "Washington has a mix of homes rebuilt after the 2013 tornado and older houses near its historic square. We repair chimneys of every age in town.",
    },
    distance: "about 30 miles west of Bloomington",
    intro: [
      "Washington is the closest of the Peoria-area towns to our Bloomington shop, and we work there regularly. We handle storm damage, worn crowns and leaking chimneys on both newer and older houses.",
      [
        "If a storm has damaged your chimney, take photos and call your insurer. Our article on whether ",
        { text: "insurance will pay for chimney repair", href: "/blog/will-insurance-pay-for-chimney-repair" },
        " explains how claims usually work, and we can document the damage for you.",
      ],
    ],
    local: [
      {
        heading: "Homes rebuilt after the November 2013 tornado",
        paragraphs: [
          "The EF4 tornado of November 17, 2013 destroyed or damaged hundreds of homes in Washington, and much of the town was rebuilt within a few years. Those houses are now reaching the age when chimney caps, chase covers, flashing and crown sealants start to need attention, especially where work was rushed during the busy rebuild. We inspect and fix these details before small leaks turn into rot.",
          "Many of the rebuilt homes have factory-built fireplaces inside framed chases rather than solid brick chimneys. Rust streaks on the siding, a sagging chase cover or water stains near the fireplace are signs it is time for a look. We replace chase covers and caps and reseal the flashing so the chase stays dry.",
        ],
      },
      {
        heading: "The historic square and older neighborhoods",
        paragraphs: [
          "Around Washington's historic downtown square and the streets nearby, older brick homes and buildings need tuckpointing and brick repair done with mortar that suits their age. We treat that older masonry with the same care we bring to historic districts in Peoria and Bloomington.",
          "Like the rest of Central Illinois, Washington sees freeze-thaw cycles every winter, wind-driven rain in spring and hail in summer. Storm damage to a chimney is not always visible from the ground, so a check after a severe storm is wise.",
        ],
      },
    ],
    featuredServices: ["chimney-crowns", "hoods-and-caps", "chimney-rebuilds", "tuckpointing", "masonry-repair"],
    whyChooseUs: [
      {
        title: "Storm damage documentation",
        description: "Photos and written notes you can share with your insurance adjuster.",
        icon: "file-text",
      },
      {
        title: "Checks for newer homes",
        description: "We look at caps, chase covers, flashing and crowns on homes built during the rebuild.",
        icon: "clipboard-check",
      },
      {
        title: "Respect for older brick",
        description: "Matching mortar and brick for older homes near the historic square.",
        icon: "landmark",
      },
      {
        title: "Close to our shop",
        description: [
          "Washington is a short drive from Bloomington, and we often pair visits with jobs in nearby ",
          { text: "Morton", href: "/locations/morton" },
          ".",
        ],
        icon: "map-pin",
      },
    ],
  },

  morton: {
    slug: "morton",
    seo: {
      title: "Chimney Repair in Morton, IL | Crowns, Caps & Glass Block",
      description:
        "Chimney crowns, caps, tuckpointing and glass block basement windows for Morton, IL ranch homes. A careful local crew and clear written estimates. Call today.",
    },
    hero: {
      heading: "Chimney & Masonry Repair in Morton, IL",
      lead: "Morton is known as the Pumpkin Capital of the World, and for solid mid-century homes. We keep their chimneys, brick and basement windows in good shape.",
    },
    distance: "about 33 miles west of Bloomington",
    intro: [
      "We work in Morton regularly, often on the same days as jobs in Washington and Pekin. Most of what we see here is maintenance and repair rather than major rebuilds: crowns, caps, mortar joints, flashing and basement windows.",
      "Every job starts with a look at the whole chimney, from the flashing to the cap, and a written estimate that explains what needs doing now and what can wait.",
    ],
    local: [
      {
        heading: "1950s-70s ranch homes",
        paragraphs: [
          "Much of Morton's housing went up in the 1950s, 60s and 70s, and many of those ranch and split-level homes have a single brick chimney and a block basement. After fifty-plus years, their original crowns are often cracked, flue tiles sit uncapped, and mortar joints near the top have worn away. Flashing is another weak spot: it is often disturbed or reused when a roof is replaced, and a leak around the chimney soon follows. The good news is that a low ranch chimney is usually quick to reach and repair.",
          [
            "Their basement windows are often original, too: single-pane and drafty. Replacing them with ",
            { text: "glass block windows", href: "/services/glass-block-windows" },
            " adds security, privacy and better insulation while still letting in light.",
          ],
        ],
      },
      {
        heading: "Pumpkin country weather",
        paragraphs: [
          "The farm fields that supply Morton's pumpkin harvest leave the town open to wind. Spring storms push rain sideways into chimneys, summer hail can crack crowns, and repeated winter freeze-thaw cycles open up any crack that holds water. A good cap and a sound crown are the cheapest protection a ranch home can get. If you are not sure what shape yours is in, we can take a look during a spring or fall visit and tell you what, if anything, needs doing.",
        ],
      },
    ],
    featuredServices: ["chimney-crowns", "hoods-and-caps", "tuckpointing", "glass-block-windows", "masonry-repair"],
    whyChooseUs: [
      {
        title: "Know mid-century homes",
        description: "We know the chimneys, crowns and block basements common in Morton's ranch neighborhoods.",
        icon: "home",
      },
      {
        title: "Glass block done right",
        description: "Basement windows fitted neatly, with venting options where you need airflow.",
        icon: "shield",
      },
      {
        title: "Right-sized repairs",
        description: "Most Morton chimneys need a crown, cap or repointing, not a rebuild, and we quote accordingly.",
        icon: "piggy-bank",
      },
      {
        title: "Neat, tidy job sites",
        description: "We protect your roof, landscaping and driveway, and clean up before we leave.",
        icon: "sparkles",
      },
    ],
  },

  pekin: {
    slug: "pekin",
    seo: {
      title: "Chimney Repair in Pekin, IL | Tuckpointing, Crowns & Brick",
      description:
        "Tuckpointing, chimney crowns, rebuilds and masonry repair for Pekin, IL's older brick homes along the Illinois River. Local crew and free written estimates.",
    },
    hero: {
      heading: "Chimney & Masonry Repair in Pekin, IL",
      lead: "Pekin's older brick homes and river-town setting are hard on masonry. We repoint, repair and rebuild chimneys so they stand up to the weather.",
    },
    distance: "about 40 miles west-southwest of Bloomington",
    intro: [
      [
        "Pekin sits on the Illinois River just south of ",
        { text: "Peoria", href: "/locations/peoria" },
        ", and we work there often. Our crew handles everything from a single cracked crown to a chimney rebuilt from the roofline up.",
      ],
      "Pekin has a lot of older masonry, and it rewards regular upkeep. We start every job with an honest inspection and a written estimate, and we tell you plainly what needs attention now and what can wait a season or two.",
    ],
    local: [
      {
        heading: "Older brick around downtown",
        paragraphs: [
          "Pekin's downtown and the neighborhoods around it are full of older brick: houses, storefronts and chimneys built when soft lime mortars were standard. Over time those joints erode, bricks spall and chimneys start to lean or loosen near the top.",
          [
            "Careful ",
            { text: "tuckpointing", href: "/services/tuckpointing" },
            " with a compatible mortar saves most of this masonry. Where the top of a chimney has failed, we rebuild it with matching brick so it looks like it belongs to the house. We also repair brick steps, walls and foundations on older homes, where water and frost do the same slow damage.",
          ],
        ],
      },
      {
        heading: "Life along the Illinois River",
        paragraphs: [
          "Being on the river means humid summers and damp air that keeps brick wet longer. Combine that with repeated freeze-thaw cycles every Central Illinois winter, and water in a crack or open joint does steady damage. Spring storms bring wind-driven rain, and summer hail can chip crowns and dent caps. A sound crown and cap keep the worst of it out, and repointing open joints before winter stops water from getting behind the brick face.",
        ],
      },
    ],
    featuredServices: ["tuckpointing", "chimney-crowns", "chimney-rebuilds", "masonry-repair", "hoods-and-caps"],
    whyChooseUs: [
      {
        title: "Mortar matched to older brick",
        description: "We choose mortar strength and color to suit each building, so repairs last and blend in.",
        icon: "trowel",
      },
      {
        title: "Built for river humidity",
        description: "Crowns, caps and joints detailed to shed water in Pekin's damp riverside climate.",
        icon: "droplets",
      },
      {
        title: "Partial rebuilds that match",
        description: "When a chimney top fails, we rebuild it with brick that fits the rest of the house.",
        icon: "brick-wall",
      },
      {
        title: "Straight answers",
        description: "We tell you what needs doing now and what can wait, in writing.",
        icon: "heart-handshake",
      },
    ],
  },

  chillicothe: {
    slug: "chillicothe",
    seo: {
      title: "Chimney Repair in Chillicothe, IL | Rebuilds, Crowns & Caps",
      description:
        "Chimney rebuilds, crowns, caps and tuckpointing for Chillicothe, IL river town homes and older farmhouses nearby. We travel to you. Request a free estimate.",
    },
    hero: {
      heading: "Chimney & Masonry Repair in Chillicothe, IL",
      lead: "We make the trip to Chillicothe for river town homes and country farmhouses alike, repairing and rebuilding chimneys that have weathered many decades.",
    },
    distance: "about 55 miles northwest of Bloomington",
    intro: [
      "Chillicothe is the farthest town in our regular service area, so we plan visits ahead and schedule work in full days to make the most of the trip. That means a firm date for you and a crew that comes ready to finish the job.",
      [
        "Many of the problems we see here match those in ",
        { text: "Peoria", href: "/locations/peoria" },
        ", and our ",
        { text: "Peoria-area chimney repair guide", href: "/blog/chimney-repair-peoria-il" },
        " covers them in more detail.",
      ],
    ],
    local: [
      {
        heading: "River town homes and older farmhouses",
        paragraphs: [
          "Chillicothe grew up along the Illinois River and the railroad, and its older streets have houses with brick chimneys that have stood for generations. Out in the surrounding countryside, older farmhouses often have tall chimneys, some no longer in use, that have gone years without maintenance.",
          "On these chimneys we find crumbling crowns, loose brick at the top, missing caps and mortar washed out of the joints. Some can be saved with tuckpointing and a new crown; others need a partial rebuild above the roofline. We will tell you which, and why.",
        ],
      },
      {
        heading: "Weather at the top of Peoria Lake",
        paragraphs: [
          "Near the broad stretch of river known as Peoria Lake, humid air keeps masonry damp, and Central Illinois freeze-thaw cycles work on it all winter. Farmhouses standing in open fields take the full force of wind-driven rain and summer hail. A sturdy cap keeps out rain, birds and animals, which is especially important on chimneys that are rarely used.",
          "If an old farmhouse chimney no longer serves a fireplace or furnace, you still need to keep it sound or take it down safely. We can cap and seal it, repair it, or take it down below the roofline, and we will go over the options with you.",
        ],
      },
    ],
    featuredServices: ["chimney-rebuilds", "chimney-crowns", "hoods-and-caps", "tuckpointing", "masonry-repair"],
    whyChooseUs: [
      {
        title: "Worth the drive",
        description: "We plan Chillicothe jobs as full days, so you get a firm date and the work gets finished.",
        icon: "calendar-check",
      },
      {
        title: "Experience with farmhouse chimneys",
        description: "Tall, older chimneys, including unused ones, repaired or rebuilt safely.",
        icon: "home",
      },
      {
        title: "Keeping animals out",
        description: "Caps and screens that keep birds and animals out of flues, common in rural homes.",
        icon: "bird",
      },
      {
        title: "Repair before rebuild",
        description: "We save sound brick wherever we can and explain clearly when a rebuild is the better choice.",
        icon: "wrench",
      },
    ],
  },
} as const satisfies Record<CitySlug, City>;
