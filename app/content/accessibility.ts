// The accessibility statement (/accessibility), linked from every page's footer.
import { business } from "./business";
import type { RichText } from "./types";

export const accessibility = {
  seo: {
    title: `Accessibility Statement | ${business.name}`,
    description:
      "Our commitment to an accessible website: WCAG 2.2 AA, keyboard and screen reader support, reduced motion, and how to reach us if anything gets in your way.",
  },
  heading: "Accessibility Statement",
  lead: "Everyone should be able to read about their chimney and reach us easily, whatever device or assistive technology they use.",
  sections: [
    {
      heading: "Our goal",
      paragraphs: [
        "We aim for this website to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. Every page is checked with automated accessibility tests at phone and desktop widths each time the site changes, and we test the menus, questions and estimate form with the keyboard alone.",
      ],
    },
    {
      heading: "What we do",
      paragraphs: [
        "Text and buttons meet AA colour contrast. Every page can be used with the keyboard, shows where the focus is, and starts with a link that skips to the main content. Images have text alternatives, form fields have labels, and the menus, question lists and notifications follow established patterns that screen readers understand. If your device asks for reduced motion, the site turns its animations off. Pages work without JavaScript, including the estimate form.",
      ],
    },
    {
      heading: "Tell us if something gets in your way",
      paragraphs: [
        [
          "If any part of the site is hard to use, please tell us and we will fix it. You can also skip the website entirely: call us or ",
          { text: "send us a message", href: "/contact" },
          " and we will help you directly.",
        ],
      ],
    },
  ] satisfies { heading: string; paragraphs: RichText[] }[],
} as const;
