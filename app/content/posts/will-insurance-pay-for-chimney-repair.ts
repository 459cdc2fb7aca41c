import type { Post } from "../types";

export const post = {
  slug: "will-insurance-pay-for-chimney-repair",
  title:
    "Will Insurance Pay for Chimney Repair? Storm Damage, Claims and What to Expect",
  seo: {
    title: "Will Insurance Pay for Chimney Repair? A Homeowner's Guide",
    description:
      "Learn when homeowners insurance may cover chimney damage from lightning, wind, hail or a fallen tree, what is usually excluded, and how to file a claim.",
  },
  excerpt:
    "Storm damage is often covered, but worn-out mortar and slow leaks usually are not. Here is how chimney coverage tends to work and how to document a claim.",
  datePublished: "2025-05-31",
  artwork: "post-insurance",
  imageAlt:
    "Illustration of a brick chimney with a broken crown and scattered bricks after a storm, with rain clouds and an insurance claim form",
  body: [
    {
      type: "p",
      text: "Your chimney stands higher than almost anything else on your house, so it takes the full force of every Central Illinois storm. When bricks come down or a leak appears after a night of wind and hail, most homeowners first ask whether insurance will pay. The honest answer is that it depends, mostly on one thing: did the damage happen suddenly, or did it build up over time?",
    },
    {
      type: "p",
      text: "Here is how chimney coverage usually works, what tends to be excluded, and how to document damage so your claim gets a fair look.",
    },
    {
      type: "callout",
      title: "Every policy is different",
      text: "We are masons, not insurance agents. Coverage, deductibles and exclusions vary from one policy and one company to the next. Read your own policy and talk to your agent before you make decisions based on anything here.",
    },
    {
      type: "h2",
      id: "what-policies-usually-cover",
      text: "What Homeowners Policies Usually Cover",
    },
    {
      type: "p",
      text: "Most standard homeowners policies cover damage that is sudden and accidental and caused by a peril the policy names or does not exclude. For chimneys, these are the situations that most often lead to a paid claim.",
    },
    { type: "h3", text: "Lightning strikes" },
    {
      type: "p",
      text: "As the tallest point on many roofs, a chimney is a common lightning target. A strike can blow bricks off the top, crack the crown and shatter clay flue tiles inside, sometimes with little damage visible from the ground.",
    },
    { type: "h3", text: "Wind and hail" },
    {
      type: "p",
      text: [
        "High winds can tear off a cap, loosen the top courses of brick or topple a chimney that was already leaning. Large hail can chip brick faces, crack a crown and dent metal ",
        { text: "chimney caps and hoods", href: "/services/hoods-and-caps" },
        ". Some policies carry a separate, higher deductible for wind and hail, so check yours.",
      ],
    },
    { type: "h3", text: "Fallen trees and limbs" },
    {
      type: "p",
      text: "A tree or large branch that falls on the chimney during a storm is usually treated as sudden damage, though limits for tree removal can be low.",
    },
    { type: "h3", text: "Chimney fires" },
    {
      type: "p",
      text: "Fire is a covered peril on most policies, and a chimney fire can crack flue liners, damage the masonry and scorch nearby framing. Insurers may ask about your maintenance history, so records of regular sweeping and inspection help.",
    },
    {
      type: "h2",
      id: "what-policies-usually-exclude",
      text: "What Policies Usually Don't Cover",
    },
    {
      type: "p",
      text: "Insurance is meant for sudden events, not upkeep. Damage that develops slowly is usually treated as wear, deterioration or neglect, and most policies exclude it. Common examples include:",
    },
    {
      type: "ul",
      items: [
        [
          "Mortar joints that have eroded with age and need ",
          { text: "tuckpointing", href: "/services/tuckpointing" },
        ],
        [
          "A ",
          { text: "chimney crown", href: "/services/chimney-crowns" },
          " that cracked over many winters of freezing and thawing",
        ],
        "Spalling brick caused by years of water soaking into the masonry",
        "Leaks that went on for months before anyone noticed or fixed them",
        "A rusted-out or missing cap that was never replaced",
        "Damage from birds or animals nesting in the flue, which many policies exclude",
        "Cracks from settling or a failing foundation",
      ],
    },
    {
      type: "p",
      text: "The gray area is a storm that finishes off a chimney that was already in poor shape. An adjuster may pay only for the part of the damage the storm caused, or may deny the claim if the chimney was clearly failing. This is one of the best reasons to have the chimney inspected every year: a recent inspection report is good evidence that it was sound before the storm.",
    },
    {
      type: "h2",
      id: "document-and-file-a-claim",
      text: "How to Document Damage and File a Claim",
    },
    {
      type: "p",
      text: "A clear record makes a claim easier to review. If you suspect storm damage, work through these steps:",
    },
    {
      type: "ol",
      items: [
        "Make it safe first. Stop using the fireplace, keep people and pets away from fallen brick, and stay off the roof.",
        "Photograph everything from the ground: wide shots of the house and roof, zoomed-in shots of the chimney, debris in the yard and any water stains inside.",
        "Write down the date and time of the storm and save local weather reports or news coverage of wind or hail in your area.",
        "Prevent further damage. Most policies expect reasonable steps such as tarping an opening, so keep receipts for anything you spend.",
        "Contact your insurer or agent promptly. Many policies set time limits for reporting a loss.",
        "Get a professional inspection and a written, itemized estimate of the repair.",
        "Keep everything in one folder: photos, estimates, your claim number, and notes from every phone call.",
      ],
    },
    {
      type: "h2",
      id: "working-with-adjusters",
      text: "Working With Your Insurance Adjuster",
    },
    {
      type: "p",
      text: "After you file, the insurer will usually send an adjuster to look at the damage. A little preparation goes a long way.",
    },
    { type: "h3", text: "Be there for the inspection" },
    {
      type: "p",
      text: "Point out every area of damage and share your photos and storm notes. If your contractor can be present, they can explain what they found on the roof.",
    },
    { type: "h3", text: "Ask about hidden damage" },
    {
      type: "p",
      text: "A cracked flue liner or loose brick under the crown may not show from a ladder. If more damage turns up once work begins, ask your insurer how to submit a supplement before it is repaired.",
    },
    { type: "h3", text: "Review the estimate line by line" },
    {
      type: "p",
      text: "Compare the adjuster's estimate with your contractor's and look for missing items like scaffolding, matching brick or flashing. Ask how depreciation and your deductible are applied.",
    },
    { type: "h3", text: "If you disagree" },
    {
      type: "p",
      text: "Ask in writing for a reinspection and send any additional documentation. Many policies also describe an appraisal process for disputes over the amount of a loss. If you still have concerns, your state's department of insurance can explain your options.",
    },
    {
      type: "h2",
      id: "how-we-help",
      text: "How We Help With Storm-Damaged Chimneys",
    },
    {
      type: "p",
      text: [
        "After a storm, our crew inspects the chimney from the roof, photographs what we find and gives you a written estimate that separates storm damage from older wear where we can. We are happy to walk your adjuster through the masonry side. We cannot promise what any insurer will pay, but clear documentation helps. Depending on the damage, the repair might be a new cap, a ",
        {
          text: "crown repair or replacement",
          href: "/services/chimney-crowns",
        },
        ", general ",
        { text: "masonry repair", href: "/services/masonry-repair" },
        " or a ",
        {
          text: "partial or complete rebuild",
          href: "/services/chimney-rebuilds",
        },
        ".",
      ],
    },
    {
      type: "p",
      text: [
        "If your claim is denied or the damage turns out to be age-related, it still pays to fix it soon, because water damage only grows. Our ",
        {
          text: "2025 chimney repair cost guide",
          href: "/blog/cost-of-chimney-repair-bloomington-il",
        },
        " shows typical price ranges, and our article on ",
        {
          text: "signs you need chimney crown repair",
          href: "/blog/signs-you-need-chimney-crown-repair-bloomington",
        },
        " can help you spot problems before the next storm. To schedule an inspection, ",
        { text: "request a free estimate", href: "/contact" },
        " or give us a call.",
      ],
    },
    {
      type: "faq",
      heading: "Chimney Insurance Questions",
      items: [
        {
          question: "Does homeowners insurance cover a leaking chimney?",
          answer:
            "It depends on the cause. A leak that starts right after a storm damaged the crown, cap or flashing may be covered. A leak caused by worn mortar, an old cracked crown or months of slow water damage is usually treated as maintenance and excluded. Check your policy and ask your agent.",
        },
        {
          question: "Will insurance pay for damage from a chimney fire?",
          answer:
            "Fire is a covered peril on most homeowners policies, so damage from a chimney fire is often covered. Your insurer may ask when the chimney was last swept and inspected, which is one more reason to keep those records. Coverage terms vary, so confirm the details with your insurer.",
        },
        {
          question:
            "Should I get a contractor's estimate before I call my insurance company?",
          answer:
            "You can do both at once. Report the damage promptly, since many policies set deadlines, and schedule an inspection so you have photos and a written estimate ready when the adjuster visits.",
        },
        {
          question: "Is it worth filing a claim for a small chimney repair?",
          answer:
            "Compare the repair estimate to your deductible first. If the repair costs less than or close to the deductible, a claim may not make sense. How a claim could affect future premiums is a good question for your agent.",
        },
        {
          question: "My chimney cap blew off in a storm. Is that covered?",
          answer: [
            "Wind damage to a cap may be covered, but the cost of a new cap is often below the deductible. Either way, replace it quickly, because an open flue lets in rain and animals. See our ",
            { text: "hoods and caps page", href: "/services/hoods-and-caps" },
            " for options.",
          ],
        },
      ],
    },
  ],
} as const satisfies Post;
