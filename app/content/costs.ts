// Published 2025 cost ranges, rendered by the cost guide's { type: "costTable" } block.
import type { CostRow } from "./types";

export const costTableYear = 2025;

export const costRows = [
  {
    service: "Chimney Inspection",
    costRange: "$100-$300",
    description:
      "A close look at the crown, brick, mortar, flashing, cap and flue to catch problems while they are still small.",
  },
  {
    service: "Chimney Sweeping",
    costRange: "$150-$400",
    description:
      "Removal of soot, creosote and debris from the flue and smoke chamber so the fireplace drafts and burns safely.",
  },
  {
    service: "Chimney Cap Installation",
    costRange: "$200-$700+",
    description:
      "A new cap or hood that keeps out rain, birds and animals and stops sparks, with price depending on size, material and number of flues.",
    link: "/services/hoods-and-caps",
  },
  {
    service: "Chimney Crown Repair",
    costRange: "$300-$1,200",
    description:
      "Sealing cracks and resurfacing a crown that is still structurally sound to stop water from getting into the chimney.",
    link: "/services/chimney-crowns",
  },
  {
    service: "Chimney Crown Replacement",
    costRange: "$1,000-$3,500+",
    description:
      "Tearing off a failed crown and forming a new concrete crown with a proper overhang, drip edge and flue seal.",
    link: "/services/chimney-crowns",
  },
  {
    service: "Tuckpointing",
    costRange: "$500-$2,500+",
    description:
      "Grinding out worn mortar joints and packing in fresh, color-matched mortar to keep water out and the brick tight.",
    link: "/services/tuckpointing",
  },
  {
    service: "Masonry Repair",
    costRange: "$20-$50 per square foot",
    description:
      "Replacing cracked or spalled brick and repairing damaged walls, steps and foundations, priced by the area of work.",
    link: "/services/masonry-repair",
  },
  {
    service: "Flue Liner Installation",
    costRange: "$2,000-$7,000+",
    description:
      "A new stainless steel or other code-approved liner that protects the chimney walls and safely vents smoke and gases.",
  },
  {
    service: "Partial Chimney Rebuild",
    costRange: "$1,500-$5,000+",
    description:
      "Taking down and relaying the damaged upper section of a chimney, usually from the roofline up, with a new crown.",
    link: "/services/chimney-rebuilds",
  },
  {
    service: "Complete Chimney Rebuild",
    costRange: "$5,000-$20,000+",
    description:
      "Rebuilding an unsafe or failing chimney from the foundation or firebox up, including new brick, crown and flashing tie-in.",
    link: "/services/chimney-rebuilds",
  },
] as const satisfies readonly CostRow[];
