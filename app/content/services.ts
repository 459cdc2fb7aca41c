// The six service pages. Data only; app templates render hero, sections, FAQs and the call-to-action band.
import type { Service, ServiceSlug } from "./types";

const COST_GUIDE = "/blog/cost-of-chimney-repair-bloomington-il";

export const services = [
  // ---------------------------------------------------------------------------
  // Chimney crowns
  // ---------------------------------------------------------------------------
  {
    slug: "chimney-crowns",
    name: "Chimney Crowns",
    seo: {
      title: "Chimney Crown Repair & Replacement | Bloomington, IL",
      description:
        "Cracked or crumbling chimney crown? We seal, repair and replace crowns across Bloomington-Normal and the Peoria area to stop leaks and freeze-thaw damage.",
    },
    hero: {
      heading: "Chimney Crown Repair & Replacement",
      lead: "The crown is the concrete cap that keeps rain and snow out of your chimney's brick. We seal, repair and replace crowns across Bloomington-Normal and the Peoria area, so a small crack doesn't turn into a big leak.",
    },
    card: {
      description:
        "Seal cracks or pour a new, properly built crown before water gets into your brick and flue.",
      linkText: "Learn about crown repair",
    },
    artwork: "chimney-crowns",
    artworkAlt:
      "Illustration of a brick chimney with a new sloped concrete crown",
    serviceType: "Chimney crown repair",
    sections: [
      {
        kind: "prose",
        id: "what-is-a-chimney-crown",
        heading: "What Is a Chimney Crown?",
        paragraphs: [
          "The chimney crown is the slab of concrete that covers the top of your chimney and seals the brick around the flue tile. It is sloped so water runs off, and a well-built crown overhangs the brick with a drip edge, so runoff falls clear of the chimney instead of soaking into its face.",
          "Many crowns in Central Illinois were never built that way. Builders often troweled a thin layer of mortar over the top of the chimney, called a mortar wash, and it tends to crack within a few winters. Water gets into those cracks, freezes, expands and pries them wider. Every freeze-thaw cycle makes the damage worse, and our winters bring plenty of them.",
          "A properly built crown, poured in place from concrete of the right thickness with an overhang and a flexible bond break around the flue tile, can last 50 years or more. Pre-cast crowns set on top of the chimney are quicker to install, but they typically last 5-15 years before their joints and edges start letting water through.",
          [
            "Whatever kind of crown you have, we recommend an annual chimney inspection so hairline cracks get sealed before they become a replacement. For the warning signs to watch for, read our guide to ",
            {
              text: "signs you need chimney crown repair",
              href: "/blog/signs-you-need-chimney-crown-repair-bloomington",
            },
            ".",
          ],
        ],
      },
      {
        kind: "cards",
        id: "crown-damage-signs",
        heading: "6 Signs Your Chimney Crown Needs Attention",
        intro:
          "You can spot several of these from the ground with a pair of binoculars, and the rest from inside the house. If you notice any of them, have the crown looked at before the next winter.",
        items: [
          {
            title: "Cracks in the Crown",
            description:
              "Hairline cracks are where it starts. Once water gets in and freezes, they widen every winter until pieces break loose.",
            icon: "alert-triangle",
          },
          {
            title: "Crumbling or Flaking Concrete",
            description:
              "A surface that is sandy, pitted or shedding flakes is breaking down. It's especially common on thin mortar-wash crowns.",
            icon: "layers",
          },
          {
            title: "Leaks Around the Fireplace",
            description:
              "Stained ceilings or walls near the chimney, or water in the firebox after a storm, often trace back to a failing crown.",
            icon: "droplets",
          },
          {
            title: "Spalling Brick Near the Top",
            description:
              "When the faces of the top few courses of brick flake or pop off, water is soaking in from above and freezing inside the brick.",
            icon: "brick-wall",
          },
          {
            title: "Rust on the Damper or Firebox",
            description:
              "Rust on the damper, smoke shelf or firebox floor means moisture is finding its way down the chimney.",
            icon: "cloud-rain",
          },
          {
            title: "Debris on the Roof or Hearth",
            description:
              "Chunks of concrete on the shingles or grit in the fireplace are pieces of a crown that is coming apart.",
            icon: "search",
          },
        ],
      },
      {
        kind: "checklist",
        id: "crown-services",
        heading: "Our Chimney Crown Services",
        intro:
          "Not every damaged crown needs to be replaced. After we inspect yours, we'll explain which of these fits your chimney and why.",
        items: [
          "Crack sealing with a flexible, breathable crown sealant for hairline cracks on an otherwise sound crown",
          "Crown repair: patching chipped edges and small damaged areas, typically in the $300-$1,200 range",
          "Full crown replacement with a poured-in-place concrete crown that is sloped, overhanging and finished with a drip edge",
          "Replacing thin mortar-wash crowns and worn-out pre-cast crowns",
          "A bond break around the flue tile, so the crown and flue can expand and contract without cracking each other",
          "Resetting loose bricks in the top courses before the new crown goes on",
          [
            "A new ",
            { text: "chimney cap", href: "/services/hoods-and-caps" },
            " fitted to the crown to keep out rain, animals and sparks",
          ],
          [
            "Repair of worn mortar joints below the crown with ",
            { text: "tuckpointing", href: "/services/tuckpointing" },
          ],
        ],
      },
      {
        kind: "steps",
        id: "crown-replacement-process",
        heading: "Our 4-Step Crown Replacement Process",
        intro:
          "Most crown replacements take one to two days on the roof, depending on the weather and the size of the chimney.",
        steps: [
          {
            title: "Inspection",
            description:
              "We check the crown, flue tile, top courses of brick and flashing up close, photograph what we find and walk you through it. You get a written estimate before any work starts.",
            icon: "search",
          },
          {
            title: "Preparation",
            description:
              "We protect your roof and landscaping, break out the old crown down to solid brick, and reset any loose top courses so the new crown sits on a sound base.",
            icon: "hammer",
          },
          {
            title: "Installation",
            description:
              "We build a form that overhangs the brick, wrap the flue tile with a bond break, and pour a dense, air-entrained concrete crown sloped away from the flue to shed water.",
            icon: "trowel",
          },
          {
            title: "Finishing",
            description:
              "We finish the surface, form the drip edge, seal the joint around the flue with a flexible sealant and clean up the site. You get photos of the finished crown, since you can't easily see it from the ground.",
            icon: "sparkles",
          },
        ],
      },
      {
        kind: "cards",
        id: "crown-maintenance-benefits",
        heading: "Why Crown Maintenance Pays Off",
        intro:
          "A sound crown protects everything below it. Keeping it in good shape costs far less than fixing what water does when it fails.",
        items: [
          {
            title: "Stops Leaks at the Source",
            description:
              "A sealed crown keeps water out of the brick, the flue and the ceilings and attic around the chimney.",
            icon: "droplets",
          },
          {
            title: "Protects the Brick Below",
            description:
              "Less water in the top courses means less spalling and mortar loss, and a much lower chance of needing a rebuild later.",
            icon: "brick-wall",
          },
          {
            title: "Stands Up to Freeze-Thaw",
            description:
              "Sealing cracks in the fall keeps ice from wedging them open through a Central Illinois winter.",
            icon: "snowflake",
          },
          {
            title: "Costs Less Over Time",
            description: [
              "Sealing a crack costs a fraction of a new crown, and replacement typically runs $1,000-$3,000 or more. Our ",
              { text: "chimney repair cost guide", href: COST_GUIDE },
              " lists typical prices.",
            ],
            icon: "piggy-bank",
          },
          {
            title: "Keeps the Flue Safe",
            description:
              "Water that gets past a failing crown cracks flue tiles and washes out their joints, and a damaged flue can't contain heat and smoke safely.",
            icon: "flame",
          },
          {
            title: "Catches Problems Early",
            description:
              "We recommend an annual inspection. A yearly look catches small cracks while they're still a simple sealing job.",
            icon: "calendar-check",
          },
        ],
        actions: [{ kind: "link", label: "Schedule Now", href: "/contact" }],
      },
    ],
    faqs: [
      {
        question: "How long does a chimney crown last?",
        answer:
          "A properly built, poured-in-place concrete crown can last 50 years or more. Pre-cast crowns typically last 5-15 years, and thin mortar-wash crowns often crack within a few winters. Maintenance matters too, which is why we recommend an annual inspection to catch cracks while they're small.",
      },
      {
        question: "How much does chimney crown replacement cost?",
        answer: [
          "Crown replacement typically costs $1,000-$3,000 or more, depending on the size of the chimney, how hard the roof is to reach and whether the top courses of brick need repair first. Sealing or patching a crown costs much less. Our ",
          { text: "cost guide", href: COST_GUIDE },
          " breaks down typical prices, and our estimates are free.",
        ],
      },
      {
        question: "Can a cracked crown be repaired instead of replaced?",
        answer:
          "Often, yes. If the crown is structurally sound and the cracks are fine, we can seal them with a flexible crown sealant. If it is crumbling, cracked all the way through, or is a thin mortar wash with no overhang, sealing only buys a little time, and replacement is the better value. We'll show you photos and explain which applies to yours.",
      },
      {
        question: "Can you repair a chimney crown in the winter?",
        answer:
          "Crack sealing and small repairs can often be done on dry winter days when temperatures are above freezing. A new concrete crown needs mild weather to cure properly, so full replacements are usually scheduled from spring through fall. If your crown is leaking in the middle of winter, call us and we'll talk through how to limit the damage until a replacement can be poured.",
      },
    ],
  },

  // ---------------------------------------------------------------------------
  // Tuckpointing
  // ---------------------------------------------------------------------------
  {
    slug: "tuckpointing",
    name: "Tuckpointing",
    seo: {
      title: "Tuckpointing & Mortar Joint Repair | Bloomington, IL",
      description:
        "Crumbling mortar letting water in? We grind out worn joints and repoint chimneys and brick walls with matched mortar in Bloomington-Normal and Peoria.",
    },
    hero: {
      heading: "Tuckpointing for Chimneys & Brick Walls",
      lead: "Worn mortar joints let water into your brick. We grind out the old mortar and repack the joints with a matched mix, restoring the strength and look of chimneys and brick homes across Central Illinois.",
    },
    card: {
      description:
        "Replace worn, crumbling mortar joints to stop leaks and keep your chimney and brick walls solid.",
      linkText: "Learn about tuckpointing",
    },
    artwork: "tuckpointing",
    artworkAlt:
      "Illustration of a brick wall with fresh mortar being pressed into the joints with a pointing trowel",
    serviceType: "Tuckpointing",
    sections: [
      {
        kind: "prose",
        id: "what-is-tuckpointing",
        heading: "What Is Tuckpointing?",
        paragraphs: [
          "Tuckpointing is the process of removing deteriorated mortar from the joints between bricks and replacing it with fresh mortar. Strictly speaking, traditional tuckpointing adds a thin contrasting line of mortar to make the joints look crisp, and the plain version is called repointing. Around here most people call both tuckpointing, and so do we.",
          "Mortar is meant to be the sacrificial part of a brick wall. It is softer than the brick, so it absorbs the wear from weather and movement and can be renewed when it wears out. Mortar joints typically need tuckpointing every 20-30 years. Chimneys wear faster than walls because they stand exposed on all four sides, and chimneys over 25 years old typically need at least some tuckpointing.",
          [
            "In Central Illinois, freeze-thaw is the main enemy. Water soaks into worn joints, freezes and pushes them apart, a little more every winter. Caught early, tuckpointing is a straightforward repair. Left alone, loose bricks and water damage can turn it into a ",
            { text: "chimney rebuild", href: "/services/chimney-rebuilds" },
            ".",
          ],
          "Mortar needs moderate temperatures to cure, so tuckpointing is best done between 40°F and 90°F. In Bloomington-Normal and the Peoria area that usually means spring through late fall, and it pays to get on the schedule early in the season.",
        ],
      },
      {
        kind: "cards",
        id: "tuckpointing-signs",
        heading: "6 Signs You Need Tuckpointing",
        intro:
          "Walk around your house and take a close look at the chimney, ideally with binoculars. These are the things we look for.",
        items: [
          {
            title: "Recessed Mortar Joints",
            description:
              "Mortar that has worn back from the face of the brick leaves little ledges where water sits and soaks into the wall.",
            icon: "ruler",
          },
          {
            title: "Crumbling or Sandy Mortar",
            description:
              "If you can scrape mortar out with a key or it turns to sand between your fingers, it has lost its strength.",
            icon: "layers",
          },
          {
            title: "Cracked Joints",
            description:
              "Cracks running through the mortar, especially in a stair-step pattern, let water in and can point to movement in the wall.",
            icon: "alert-triangle",
          },
          {
            title: "Loose or Missing Bricks",
            description:
              "Bricks that wiggle or have fallen out mean the mortar holding them is gone. On a chimney, that's a safety issue.",
            icon: "brick-wall",
          },
          {
            title: "Water Stains Inside",
            description:
              "Damp spots, peeling paint or stains on walls and ceilings near the chimney often come from water getting through the joints.",
            icon: "droplets",
          },
          {
            title: "White Staining on Brick",
            description:
              "Efflorescence, the white chalky deposit on brick, shows that water is moving through the masonry and carrying salts to the surface.",
            icon: "cloud-rain",
          },
        ],
      },
      {
        kind: "steps",
        id: "tuckpointing-process",
        heading: "Our 5-Step Tuckpointing Process",
        steps: [
          {
            title: "Inspection and Mortar Matching",
            description:
              "We check the joints and brick, find where water is getting in, and match the color, texture and strength of your existing mortar. Older, softer brick gets a softer mortar so the joints, not the bricks, take the stress.",
            icon: "search",
          },
          {
            title: "Removing the Old Mortar",
            description:
              "We grind and rake out deteriorated mortar to a depth of at least ¾ inch, deeper where it's loose, taking care not to chip the brick edges.",
            icon: "hammer",
          },
          {
            title: "Cleaning the Joints",
            description:
              "We blow and brush out the dust and debris, then lightly dampen the joints so the new mortar bonds instead of drying out too fast.",
            icon: "wind",
          },
          {
            title: "Repointing",
            description:
              "We pack fresh mortar into the joints in layers, letting each one firm up before adding the next, until the joints are full and dense.",
            icon: "trowel",
          },
          {
            title: "Tooling and Cleanup",
            description:
              "We tool the joints to match your existing profile, brush off the excess, clean up the work area and walk the finished job with you.",
            icon: "paintbrush",
          },
        ],
      },
      {
        kind: "cards",
        id: "tuckpointing-benefits",
        heading: "Benefits of Tuckpointing",
        items: [
          {
            title: "Keeps Water Out",
            description:
              "Full, tight joints shed rain and snowmelt instead of letting it soak into the wall and the house behind it.",
            icon: "droplets",
          },
          {
            title: "Restores Strength",
            description:
              "New mortar locks loose bricks back in place and restores the wall's ability to carry its load.",
            icon: "shield-check",
          },
          {
            title: "Prevents Bigger Repairs",
            description: [
              "Tuckpointing costs far less than replacing spalled brick or rebuilding a chimney. See typical prices in our ",
              { text: "chimney repair cost guide", href: COST_GUIDE },
              ".",
            ],
            icon: "piggy-bank",
          },
          {
            title: "Stands Up to Winter",
            description:
              "Dense new joints give ice fewer places to take hold through the freeze-thaw cycles of a Central Illinois winter.",
            icon: "snowflake",
          },
          {
            title: "Better Curb Appeal",
            description:
              "Clean, even joints make old brick look sharp again, and matched mortar means the repair blends in.",
            icon: "home",
          },
          {
            title: "Fewer Drafts and Pests",
            description:
              "Sealing open joints closes gaps where cold air, insects and moisture can work their way into the house.",
            icon: "thermometer",
          },
        ],
      },
      {
        kind: "checklist",
        id: "why-choose-us-tuckpointing",
        heading: "Why Choose Us for Tuckpointing",
        items: [
          "Mortar matched to your brick in color, texture and strength, so the repair blends in and won't harm older brick",
          "Joints ground out to at least ¾ inch, never a thin skim coat over the old mortar",
          "Work scheduled within the 40°F-90°F range so the mortar cures properly",
          "Free written estimates, with photos of what we found",
          "A licensed, insured crew that protects your roof, landscaping and walkways",
          [
            "While we're on the roof, we check your ",
            { text: "chimney crown", href: "/services/chimney-crowns" },
            " and flashing and tell you what we see",
          ],
          "Local service across Bloomington-Normal, Peoria, East Peoria, Washington, Morton, Pekin and Chillicothe",
        ],
      },
    ],
    faqs: [
      {
        question: "How often does brick need tuckpointing?",
        answer:
          "Typically every 20-30 years, depending on the original mortar, how exposed the wall is and how well water is kept off it. Chimneys usually need it sooner than walls, and most chimneys over 25 years old need at least some tuckpointing. Often only the worst areas need work, not the whole wall.",
      },
      {
        question: "What time of year is best for tuckpointing?",
        answer:
          "Tuckpointing is best done between 40°F and 90°F. Colder than that, the mortar can freeze before it cures; hotter, it dries too fast to bond well. In Central Illinois that usually means spring through late fall, so it pays to call early in the season.",
      },
      {
        question: "How much does tuckpointing cost?",
        answer: [
          "Most tuckpointing jobs run $500-$2,500 or more, depending on how many joints need work, how high the work is and how deep the damage goes. A chimney usually costs less than a full wall. Our ",
          { text: "cost guide", href: COST_GUIDE },
          " has more detail, and we'll give you a free written estimate.",
        ],
      },
      {
        question: "Can I tuckpoint my chimney myself?",
        answer:
          "A handy homeowner can repoint a few low joints on a garden wall, but chimneys are a different job: it means working on a roof with a grinder, and the mortar has to be matched to the brick. A mortar that is harder than old brick can make the brick crack and spall. For chimneys and large walls, it's worth having a mason do it.",
      },
    ],
  },

  // ---------------------------------------------------------------------------
  // Masonry repair
  // ---------------------------------------------------------------------------
  {
    slug: "masonry-repair",
    name: "Masonry Repair",
    seo: {
      title: "Brick, Block & Stone Masonry Repair | Bloomington, IL",
      description:
        "Cracked brick, spalling, rusted lintels or crumbling steps? We repair brick, block and stone with matched materials across Bloomington-Normal and Peoria.",
    },
    hero: {
      heading: "Brick & Masonry Repair",
      lead: "From cracked brick and crumbling mortar to failing steps and rusted lintels, we repair the masonry that holds your home together, and we match it so the repair blends in.",
    },
    card: {
      description:
        "Fix cracked and spalling brick, failing mortar, crumbling steps and rusted lintels with repairs matched to your home.",
      linkText: "Learn about masonry repair",
    },
    artwork: "masonry-repair",
    artworkAlt:
      "Illustration of a brick wall with damaged bricks being replaced and mortar joints repaired",
    serviceType: "Masonry repair",
    sections: [
      {
        kind: "prose",
        id: "masonry-repair-intro",
        heading: "Masonry Repair for Central Illinois Homes",
        paragraphs: [
          "Brick, block and stone are built to last for generations, but they aren't maintenance-free. Water, freeze-thaw cycles, settling soil and rusting steel all take their toll, and the older brick homes common in Bloomington-Normal and the Peoria area have seen a lot of winters.",
          "We repair brick walls, chimneys, foundations, steps, stoops, porches, retaining walls and window sills. Our approach is simple: find out why the masonry is failing, fix the cause, then repair the damage with materials that match what's already there.",
          [
            "Repair times range from a few hours for a handful of bricks to 3-5 days or more for larger walls or structural work. Masonry repair is typically priced at about $20-$50 per square foot, depending on access and materials. Our ",
            { text: "chimney and masonry cost guide", href: COST_GUIDE },
            " has more detail, and every estimate we give is free and in writing.",
          ],
        ],
      },
      {
        kind: "cards",
        id: "common-masonry-problems",
        heading: "Common Masonry Problems We Fix",
        items: [
          {
            title: "Crumbling Mortar",
            description:
              "Joints that are sandy, recessed or falling out let water into the wall and loosen the bricks around them.",
            icon: "layers",
          },
          {
            title: "Spalling Brick",
            description:
              "When water freezes inside a brick, the face pops off in flakes or chunks and exposes the softer core to more damage.",
            icon: "snowflake",
          },
          {
            title: "Stair-Step Cracks",
            description:
              "Cracks that zigzag along the mortar joints usually mean settling or movement, and they should be checked before they grow.",
            icon: "alert-triangle",
          },
          {
            title: "Efflorescence",
            description:
              "White, powdery deposits on brick are salts left behind by water moving through the masonry, a sign of a moisture problem.",
            icon: "cloud-rain",
          },
          {
            title: "Rusted Lintels",
            description:
              "The steel angles over windows and doors rust and expand, cracking the brick above them and pushing it out of line.",
            icon: "wrench",
          },
          {
            title: "Crumbling Steps and Stoops",
            description:
              "Loose treads, cracked brick and heaved concrete on entry steps are a tripping hazard and send water toward the foundation.",
            icon: "home",
          },
        ],
      },
      {
        kind: "cards",
        id: "masonry-repair-solutions",
        heading: "Our Masonry Repair Solutions",
        items: [
          {
            title: "Brick Replacement",
            description:
              "We cut out cracked and spalled bricks and set new ones matched for size, color and texture, tied into the surrounding wall.",
            icon: "brick-wall",
          },
          {
            title: "Tuckpointing and Repointing",
            description: [
              "We grind out worn joints and repack them with mortar matched to your brick. Learn more about ",
              { text: "tuckpointing", href: "/services/tuckpointing" },
              ".",
            ],
            icon: "trowel",
          },
          {
            title: "Crack Repair",
            description:
              "We find what caused the crack first, then rebuild the affected section or reinforce the joints so the crack doesn't come back.",
            icon: "hammer",
          },
          {
            title: "Lintel and Sill Repair",
            description:
              "We remove the brick above a rusted lintel, replace the steel, flash it properly and relay the brick. Damaged sills are repaired or replaced.",
            icon: "ruler",
          },
          {
            title: "Steps, Stoops and Walls",
            description:
              "We rebuild loose or crumbling brick and stone steps, stoops, retaining walls and garden walls on a solid base.",
            icon: "home",
          },
          {
            title: "Chimney Masonry",
            description: [
              "Chimneys take the worst weather on the house. We handle everything from a few bricks to a ",
              {
                text: "full chimney rebuild",
                href: "/services/chimney-rebuilds",
              },
              ".",
            ],
            icon: "landmark",
          },
        ],
        itemAction: {
          kind: "link",
          label: "Request Service",
          href: "/contact",
        },
      },
      {
        kind: "cards",
        id: "masonry-repair-benefits",
        heading: "Why Timely Masonry Repair Matters",
        items: [
          {
            title: "Stops Water Damage",
            description:
              "Most masonry problems start with water. Fixing where it gets in protects the framing, insulation and finishes inside.",
            icon: "droplets",
          },
          {
            title: "Protects the Structure",
            description:
              "Sound brick and mortar keep walls, chimneys and steps stable and safe for years to come.",
            icon: "shield-check",
          },
          {
            title: "Prevents Costlier Repairs",
            description:
              "Replacing a few bricks today costs far less than rebuilding a wall or chimney a few winters from now.",
            icon: "piggy-bank",
          },
          {
            title: "Preserves Curb Appeal",
            description:
              "Matched brick and mortar keep your home looking the way it should, without a patchwork of mismatched repairs.",
            icon: "sparkles",
          },
          {
            title: "Protects Home Value",
            description:
              "Buyers and home inspectors notice cracked brick and failing joints. Well-kept masonry is a selling point.",
            icon: "dollar-sign",
          },
          {
            title: "Safer Steps and Walkways",
            description:
              "Solid, level steps and stoops remove tripping hazards for your family and visitors.",
            icon: "shield",
          },
        ],
      },
      {
        kind: "checklist",
        id: "why-choose-us-masonry",
        heading: "Why Homeowners Choose Us for Masonry Repair",
        items: [
          "We fix the cause, whether it's water, settling or rusted steel, not just the symptom",
          "Brick and mortar matched to your home, including softer mortars for older brick",
          "Free written estimates with clear pricing before any work begins",
          "Licensed and insured, with a written warranty on our work (most jobs are covered for 5-10 years)",
          "We protect your landscaping and clean up at the end of every day",
          "A local crew working across Bloomington-Normal and the Peoria area",
        ],
        actions: [
          { kind: "link", label: "Schedule Free Estimate", href: "/contact" },
        ],
      },
    ],
    faqs: [
      {
        question: "What types of masonry do you work on?",
        answer: [
          "We work on brick, concrete block, natural and cast stone, and ",
          { text: "glass block", href: "/services/glass-block-windows" },
          ", on chimneys, house walls, foundations, steps, stoops, porches, retaining walls and garden walls. If it's laid in mortar, we can most likely repair it.",
        ],
      },
      {
        question: "Can you match my existing bricks and mortar?",
        answer:
          "In most cases, yes. We match brick by size, color and texture using reclaimed and new brick, and we mix mortar to match the color, sand texture and joint profile of what's already there. New work can look a little brighter at first and weathers in over time. On older homes we also match the mortar's strength, because mortar that is harder than the brick can cause the brick to crack.",
      },
      {
        question: "Should I repair or replace damaged masonry?",
        answer:
          "If the damage is limited to individual bricks or sections of mortar, repair is almost always the better value. Rebuilding makes sense when a wall or chimney is leaning, has widespread loose or spalled brick, or keeps failing because the structure underneath is gone. We'll show you what we find and explain the options honestly, including the cost of each.",
      },
      {
        question: "How can I prevent masonry damage?",
        answer: [
          "Keep water off your masonry: clean your gutters, make sure downspouts discharge away from the house, grade soil away from the foundation and keep sprinklers off the brick. Fix small cracks and worn joints early, keep a ",
          { text: "cap on your chimney", href: "/services/hoods-and-caps" },
          ", and have your chimney and masonry inspected once a year, ideally before winter so freeze-thaw can't widen small problems.",
        ],
      },
    ],
  },

  // ---------------------------------------------------------------------------
  // Glass block windows
  // ---------------------------------------------------------------------------
  {
    slug: "glass-block-windows",
    name: "Glass Block Windows",
    seo: {
      title: "Glass Block Basement & Bath Windows | Bloomington, IL",
      description:
        "Replace drafty basement and bathroom windows with secure, private glass block. Vented units available. Serving Bloomington-Normal and the Peoria area.",
    },
    hero: {
      heading: "Glass Block Window Installation",
      lead: "Glass block windows let in daylight while keeping out drafts, prying eyes and intruders. We install them in basements, bathrooms and stairwells across Bloomington-Normal and the Peoria area.",
    },
    card: {
      description:
        "Replace drafty basement and bathroom windows with secure, private glass block that still lets the light in.",
      linkText: "Learn about glass block windows",
    },
    artwork: "glass-block-windows",
    artworkAlt:
      "Illustration of a glass block window set into a brick foundation wall",
    serviceType: "Glass block window installation",
    sections: [
      {
        kind: "prose",
        id: "glass-block-windows-intro",
        heading: "Secure, Private Windows That Still Let the Light In",
        paragraphs: [
          "Many older homes in Central Illinois still have their original basement windows: thin single-pane glass in steel or wood frames that rust, rot, leak and do little to slow down a burglar. Glass block is a durable replacement. The blocks are mortared into the opening as one solid panel, so there's no sash to pry open and no frame to rot.",
          "Each block is made of two thick glass faces sealed around a hollow center, so a glass block panel insulates better than an old single-pane window and stops the drafts that come through worn frames. Patterned blocks blur the view from outside while still passing plenty of daylight, which makes them a natural fit for bathrooms and stairwells as well as basements.",
          [
            "We measure each opening, remove the old window, repair the surrounding masonry where needed and set the new panel in mortar. Panels can include a vent for fresh air or an opening for a dryer vent. If the brick or block around your windows needs work too, our ",
            { text: "masonry repair", href: "/services/masonry-repair" },
            " crew handles it in the same visit.",
          ],
        ],
        actions: [
          {
            kind: "link",
            label: "Request Your Free Quote",
            href: "/contact",
            variant: "primary",
          },
          { kind: "call", label: "Call Us Now", variant: "secondary" },
        ],
      },
      {
        kind: "cards",
        id: "glass-block-benefits",
        heading: "Benefits of Glass Block Windows",
        columns: 2,
        items: [
          {
            title: "Security",
            description:
              "A mortared glass block panel has no latch to pop and no sash to pry. It is far harder to get through than an ordinary basement window, and intruders can see that from outside.",
            icon: "lock",
          },
          {
            title: "Privacy",
            description:
              "Wavy, frosted and other patterned blocks blur what's behind them, so you can skip curtains in bathrooms and basements without giving up privacy.",
            icon: "eye-off",
          },
          {
            title: "Natural Light",
            description:
              "Glass block brings daylight into dark basements, stairwells and showers, spaces where a covered window or solid wall would leave you reaching for the light switch.",
            icon: "sun",
          },
          {
            title: "Energy Efficiency",
            description:
              "The sealed hollow core of each block insulates better than old single-pane glass, and a solid mortared panel cuts the drafts that leak through aging window frames.",
            icon: "thermometer",
          },
        ],
      },
      {
        kind: "checklist",
        id: "where-glass-block-fits",
        heading: "Where Glass Block Works Best",
        intro:
          "Glass block is a great fit for many openings around the house. These are the places homeowners choose it most:",
        items: [
          "Basement windows, especially where old steel frames have rusted or wood frames have rotted",
          "Bathroom windows and shower walls, where privacy and moisture resistance matter",
          "Stairwells, hallways and entryways that need light without a view",
          "Garages, workshops and laundry rooms",
          "Vented panels with a small hinged window for fresh air",
          "Panels with a built-in opening for a dryer or exhaust vent",
        ],
      },
    ],
    faqs: [
      {
        question: "Can glass block windows be vented?",
        answer:
          "Yes. We can set a small hinged vent into the panel so you can let in fresh air, which is popular in basements and bathrooms. We can also build in an opening for a dryer or exhaust vent when a window is the only practical place to run one.",
      },
      {
        question: "How long does glass block window installation take?",
        answer:
          "A typical basement window takes a few hours, including removing the old window, so a home's basement windows can often be done in a day or two. Because the panels are set in mortar, we schedule installations for weather that lets the mortar cure properly.",
      },
      {
        question: "Can a glass block window be used as an egress window?",
        answer:
          "No. Glass block doesn't open, so it can't serve as an emergency exit. A basement bedroom needs a proper egress window that meets building code. Glass block is a good choice for the other basement windows, and we're happy to help you plan which openings suit it.",
      },
      {
        question: "How do I take care of glass block windows?",
        answer:
          "Glass block needs very little upkeep. Clean it with ordinary glass cleaner or mild soap and water, and look over the mortar joints around the outside of the panel every few years. If a joint cracks, we can repoint it without replacing the window.",
      },
    ],
  },

  // ---------------------------------------------------------------------------
  // Hoods and caps
  // ---------------------------------------------------------------------------
  {
    slug: "hoods-and-caps",
    name: "Hoods & Caps",
    seo: {
      title: "Chimney Caps, Hoods & Spark Arrestors | Bloomington, IL",
      description:
        "Keep rain, animals and sparks out of your chimney. We fit single-flue, multi-flue, copper and damper caps in Bloomington-Normal and the Peoria area.",
    },
    hero: {
      heading: "Chimney Caps & Hoods",
      lead: "A good chimney cap keeps rain, animals and sparks where they belong. We fit caps and hoods to chimneys of every size across Bloomington-Normal and the Peoria area, and most installations take an hour or two.",
    },
    card: {
      description:
        "Keep rain, birds, raccoons and stray sparks out of your chimney with a properly sized cap or hood.",
      linkText: "Learn about chimney caps",
    },
    artwork: "hoods-and-caps",
    artworkAlt:
      "Illustration of a stainless steel chimney cap with mesh sides on top of a brick chimney",
    serviceType: "Chimney cap and hood installation",
    sections: [
      {
        kind: "prose",
        id: "chimney-caps-intro",
        heading: "Why Every Chimney Needs a Cap",
        paragraphs: [
          "An uncapped chimney is an open hole in your roof. Rain and snow fall straight down the flue, where they rust the damper, soak the smoke chamber and wash out the mortar between flue tiles. Birds, squirrels and raccoons move in looking for a warm, sheltered spot. And when the fireplace is in use, embers can drift out onto your roof or your neighbor's.",
          "A chimney cap, often called a hood, handles all three. It's a cover with a solid top that sheds water and mesh sides that let smoke out while keeping animals out and sparks in.",
          [
            "We install caps for single flues, multi-flue chimneys and custom sizes, in stainless steel and copper. Installation typically takes 1-2 hours, and most cap installations fall in the $200-$700+ range depending on size and material. If your ",
            { text: "chimney crown", href: "/services/chimney-crowns" },
            " is cracked, we'll tell you: a new cap on a failing crown won't keep the water out for long.",
          ],
        ],
      },
      {
        kind: "cards",
        id: "chimney-cap-types",
        heading: "Types of Chimney Caps and Hoods We Install",
        items: [
          {
            title: "Single-Flue Cap",
            description:
              "The standard choice for a chimney with one flue tile that extends above the crown. It fastens directly to the flue.",
            icon: "shield",
            features: [
              "Stainless steel or powder-coated steel",
              "Spark-arresting mesh sides",
              "Sized to your exact flue",
              "Attaches to the flue tile, with no drilling into the crown",
            ],
          },
          {
            title: "Multi-Flue Cap",
            description:
              "One large cap that covers 2-4 flues at once, anchored to the crown. A good fit when a furnace, water heater and fireplace share one chimney.",
            icon: "layers",
            features: [
              "Covers 2-4 flues under one lid",
              "Anchored to the crown with stainless hardware",
              "Made to fit your chimney's dimensions",
              "Shields most of the crown from rain and snow",
            ],
          },
          {
            title: "Copper Cap",
            description:
              "A handsome upgrade for older and high-end homes. Copper won't rust, and it weathers to a natural patina over time.",
            icon: "sparkles",
            features: [
              "Solid copper construction",
              "Weathers to a brown or green patina",
              "Available in single-flue and multi-flue sizes",
              "Resists corrosion for the long haul",
            ],
          },
          {
            title: "Top-Sealing Damper Cap",
            description:
              "A cap and damper in one. A spring-loaded lid seals the top of the flue when the fireplace isn't in use, and you open it with a handle in the firebox.",
            icon: "lock",
            features: [
              "Seals the flue when the fireplace is not in use",
              "Cuts drafts and heat loss",
              "Replaces a rusted or broken throat damper",
              "Keeps out rain and animals when closed",
            ],
          },
          {
            title: "Wind-Directional Cap",
            description:
              "For chimneys that puff smoke back into the room on windy days. Its shape helps prevent wind-driven downdrafts and keeps the draft steady.",
            icon: "wind",
            features: [
              "Helps stop wind-driven downdrafts",
              "Useful near taller rooflines or trees",
              "Keeps out rain and animals, too",
            ],
          },
          {
            title: "Masonry Chimney Hood",
            description:
              "A brick- or stone-supported slab over the flue that gives older chimneys a traditional look while keeping rain out.",
            icon: "brick-wall",
            features: [
              "Built from brick or stone to match your chimney",
              "Traditional look for older and historic homes",
              "Open sides for good draft",
              "Can be paired with mesh to keep animals out",
            ],
          },
        ],
      },
      {
        kind: "cards",
        id: "chimney-cap-benefits",
        heading: "What a Chimney Cap Does for You",
        columns: 3,
        items: [
          {
            title: "Keeps Water Out",
            description:
              "Rain and snow stay out of the flue, protecting the damper, smoke chamber and flue liner from rust and freeze-thaw damage.",
            icon: "cloud-rain",
          },
          {
            title: "Keeps Animals Out",
            description:
              "Mesh sides stop birds, squirrels, raccoons and bats from nesting in your chimney, where they block the flue and are hard to remove.",
            icon: "bird",
          },
          {
            title: "Stops Sparks and Embers",
            description:
              "Spark-arresting mesh catches hot embers before they can land on your roof, in your gutters or on dry leaves in the yard.",
            icon: "flame",
          },
        ],
      },
      {
        kind: "steps",
        id: "cap-installation-process",
        heading: "Our 5-Step Cap Installation",
        intro: "Installation typically takes 1-2 hours from start to finish.",
        steps: [
          {
            title: "Inspect the Chimney",
            description:
              "We look over the crown, flue tiles and brick to make sure the cap will have a sound base, and check the flue for nests or blockages.",
            icon: "search",
          },
          {
            title: "Measure the Flues",
            description:
              "We measure each flue and the crown so the cap fits snugly and leaves enough open area for a healthy draft.",
            icon: "ruler",
          },
          {
            title: "Choose the Right Cap",
            description:
              "We go over the options with you, from material and style to single or multi-flue, and recommend a cap suited to your chimney and what it vents.",
            icon: "clipboard-check",
          },
          {
            title: "Install and Secure",
            description:
              "We fasten the cap to the flue tile or anchor it to the crown with stainless hardware so it holds tight through wind and ice.",
            icon: "wrench",
          },
          {
            title: "Final Check",
            description:
              "We confirm the cap is secure and the chimney drafts properly, clean up, and show you photos of the finished job.",
            icon: "badge-check",
          },
        ],
      },
      {
        kind: "checklist",
        id: "why-choose-us-caps",
        heading: "Why Choose Us for Chimney Caps",
        items: [
          "Caps sized to your actual flues, not a one-size-fits-most guess",
          "Stainless steel and copper caps built for Central Illinois wind, ice and snow",
          "Stainless fasteners and anchors that won't rust loose",
          "The right cap for what your chimney vents, whether that's a wood-burning fireplace, a furnace or a water heater",
          "We check the crown and flue while we're up there and tell you what we see",
          "Safe roof work by a licensed, insured crew",
        ],
      },
    ],
    faqs: [
      {
        question: "How long does it take to install a chimney cap?",
        answer:
          "Installation typically takes 1-2 hours. Stock single-flue caps can often go on during the first visit. Multi-flue caps and hoods are usually made to fit, so we measure first and come back to install once the cap is ready.",
      },
      {
        question: "How much does a chimney cap cost?",
        answer: [
          "Most cap installations run $200-$700 or more, depending on the size, the material and how many flues it covers. Copper and large multi-flue caps sit at the top of that range. Our ",
          { text: "chimney repair cost guide", href: COST_GUIDE },
          " lists other typical prices.",
        ],
      },
      {
        question: "Do I need a cap if I don't use my fireplace?",
        answer:
          "Yes. An unused chimney still lets rain in and still attracts animals, often more so because there's no heat or smoke to discourage them. If the chimney also vents a furnace or water heater, a cap keeps nests and debris from blocking the exhaust.",
      },
      {
        question: "An animal is already in my chimney. What should I do?",
        answer:
          "Don't light a fire to drive it out, and don't cap the chimney with the animal still inside. Call us first. Some birds, such as chimney swifts, are protected and can't be disturbed while they're nesting, and other animals may need a wildlife removal service. Once the chimney is clear, we'll remove the nest material and install a cap so it doesn't happen again.",
      },
    ],
  },

  // ---------------------------------------------------------------------------
  // Chimney rebuilds
  // ---------------------------------------------------------------------------
  {
    slug: "chimney-rebuilds",
    name: "Chimney Rebuilds",
    seo: {
      title: "Chimney Rebuilds: Partial & Complete | Bloomington, IL",
      description:
        "Leaning, crumbling or storm-damaged chimney? We rebuild chimneys from the roofline or the ground up, matched to your home, in Bloomington-Normal and Peoria.",
    },
    hero: {
      heading: "Chimney Rebuilding & Restoration",
      lead: "When a chimney is leaning, loose or coming apart brick by brick, patching won't hold. We rebuild chimneys from the roofline up or from the ground up across Bloomington-Normal and the Peoria area.",
    },
    card: {
      description:
        "Rebuild a leaning, crumbling or storm-damaged chimney from the roofline or the ground up.",
      linkText: "Learn about chimney rebuilds",
    },
    artwork: "chimney-rebuilds",
    artworkAlt:
      "Illustration of a brick chimney being rebuilt course by course above a roofline",
    serviceType: "Chimney rebuilding",
    sections: [
      {
        kind: "prose",
        id: "chimney-rebuild-intro",
        heading: "When Repair Isn't Enough",
        paragraphs: [
          [
            "Most chimney problems can be fixed with ",
            { text: "tuckpointing", href: "/services/tuckpointing" },
            ", a new ",
            { text: "crown", href: "/services/chimney-crowns" },
            " or a few replaced bricks. But a chimney that has stood through decades of Central Illinois weather can reach a point where the brick and mortar are too far gone to patch. Water has worked deep into the masonry, freeze-thaw has loosened the courses, and every repair just moves the problem a few bricks over.",
          ],
          "At that point, rebuilding is the safer and more economical choice. We take the chimney down to sound masonry, often at or just below the roofline, and rebuild it with new or salvaged brick, fresh mortar, proper flashing and a new crown. The result is a chimney that is solid, dry and ready for decades of service.",
          [
            "A rebuild takes anywhere from a few days to 1-2 weeks, depending on how much of the chimney comes down and on the weather. Partial rebuilds typically cost $1,500-$5,000 or more, and complete rebuilds $5,000-$20,000 or more. Our ",
            { text: "cost guide", href: COST_GUIDE },
            " explains what drives the price.",
          ],
        ],
      },
      {
        kind: "cards",
        id: "chimney-rebuild-signs",
        heading: "6 Signs Your Chimney May Need Rebuilding",
        items: [
          {
            title: "Leaning or Tilting",
            description:
              "A chimney that leans away from the house or twists at the top has lost its structural integrity and can come down in a storm.",
            icon: "alert-triangle",
          },
          {
            title: "Loose or Missing Bricks",
            description:
              "Bricks you can move by hand, or that have fallen onto the roof, mean the mortar holding the stack together has failed.",
            icon: "brick-wall",
          },
          {
            title: "Widespread Spalling",
            description:
              "When many bricks are flaking or crumbling, not just a few, replacing them one at a time no longer makes sense.",
            icon: "snowflake",
          },
          {
            title: "Large or Growing Cracks",
            description:
              "Cracks that run through the bricks as well as the joints, or that keep getting wider, point to movement or serious water damage.",
            icon: "zap",
          },
          {
            title: "Gaps at the House or Roof",
            description:
              "A gap opening between the chimney and the siding, or flashing pulling away from the brick, can mean the chimney or its footing is moving.",
            icon: "home",
          },
          {
            title: "Leaks That Keep Coming Back",
            description:
              "Water that still gets in after crown and flashing repairs usually means the masonry itself is saturated and breaking down.",
            icon: "droplets",
          },
        ],
      },
      {
        kind: "cards",
        id: "chimney-rebuild-types",
        heading: "Our Chimney Rebuild Services",
        columns: 3,
        items: [
          {
            title: "Partial Rebuild",
            description:
              "The most common rebuild. We take the chimney down to sound brick, usually at or just below the roofline, and rebuild the top section with new flashing and a new crown.",
            icon: "hammer",
          },
          {
            title: "Complete Rebuild",
            description:
              "When the damage runs the full height, or the chimney is leaning from its base, we take it down to the footing and rebuild it from the ground up.",
            icon: "construction",
          },
          {
            title: "Historic Restoration",
            description:
              "For older and historic homes, we salvage original brick where we can, find matching brick for the rest, and use a softer, lime-based mortar that's compatible with old brick.",
            icon: "landmark",
          },
        ],
      },
      {
        kind: "steps",
        id: "chimney-rebuild-process",
        heading: "Our 7-Step Rebuild Process",
        steps: [
          {
            title: "Inspection and Assessment",
            description:
              "We inspect the chimney from the roof and from inside, document the damage with photos, and find where the sound masonry begins.",
            icon: "search",
          },
          {
            title: "Written Estimate",
            description:
              "You get a clear written estimate that spells out the scope of work, materials and price before anything is torn down.",
            icon: "file-text",
          },
          {
            title: "Site Protection",
            description:
              "We protect your roof, siding and landscaping, and set up safe access for the crew and materials.",
            icon: "shield",
          },
          {
            title: "Careful Teardown",
            description:
              "We take down damaged brick by hand to sound masonry, set aside good brick for reuse where it makes sense, and clear debris as we go.",
            icon: "hammer",
          },
          {
            title: "Rebuilding",
            description:
              "We lay new courses plumb and true with mortar matched to your home, setting new flue tile as needed so the flue stays continuous.",
            icon: "brick-wall",
          },
          {
            title: "Flashing and Crown",
            description:
              "We install new flashing where the chimney meets the roof and pour a properly sloped, overhanging crown to shed water.",
            icon: "cloud-rain",
          },
          {
            title: "Final Inspection and Cleanup",
            description: [
              "We go over the finished chimney with you, haul away all debris and leave your property clean. We can add a ",
              { text: "chimney cap", href: "/services/hoods-and-caps" },
              " to finish the job.",
            ],
            icon: "badge-check",
          },
        ],
      },
      {
        kind: "checklist",
        id: "why-choose-us-rebuilds",
        heading: "Why Choose Us for Your Chimney Rebuild",
        items: [
          "Honest assessments: we'll tell you when a repair will do and a rebuild isn't needed",
          "Brick and mortar matched to your home, including salvaged brick for older homes",
          "New flashing and a properly built crown on every rebuild",
          "Clear written estimates and a written warranty on our work",
          "A licensed, insured crew that protects your roof and property",
          "Photos and documentation to support your insurance claim after storm damage",
          "Local service across Bloomington-Normal, Peoria, East Peoria, Washington, Morton, Pekin and Chillicothe",
        ],
      },
    ],
    faqs: [
      {
        question: "How long does a chimney rebuild take?",
        answer:
          "Anywhere from a few days for a partial rebuild above the roofline to 1-2 weeks for a complete rebuild from the ground up. Weather plays a part: mortar needs moderate temperatures to cure, so we plan around heavy rain and hard freezes.",
      },
      {
        question: "Will homeowners insurance pay for a chimney rebuild?",
        answer: [
          "It depends on the cause. Homeowners insurance often covers sudden damage, such as a lightning strike, a fallen tree or a windstorm, but usually not deterioration from age and weather. We can document the damage with photos and a written estimate for your claim. Our article ",
          {
            text: "Will insurance pay for chimney repair?",
            href: "/blog/will-insurance-pay-for-chimney-repair",
          },
          " goes into more detail.",
        ],
      },
      {
        question: "Do I need a complete rebuild, or just a partial one?",
        answer:
          "Most chimneys only need a partial rebuild. Damage usually concentrates above the roofline, where the brick is exposed on all four sides, while the masonry in the attic and below is often sound. A complete rebuild is needed when the chimney leans from its base, the footing has failed or the damage runs the full height. We'll show you where the sound brick starts.",
      },
      {
        question: "Can you match the brick on my older home?",
        answer:
          "Usually, yes. We reuse sound original brick where we can and find reclaimed or new brick to match the rest in size, color and texture. For older homes with softer brick, we use a compatible lime-based mortar so the new work doesn't damage the old.",
      },
    ],
  },
] as const satisfies readonly Service[];

const servicesBySlug: ReadonlyMap<string, Service> = new Map<
  ServiceSlug,
  Service
>(services.map((service) => [service.slug, service]));

export function findService(slug: string): Service | undefined {
  return servicesBySlug.get(slug);
}
