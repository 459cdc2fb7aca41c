// FAQ content for the /faq page (general and service questions) and the /contact page, from content/faqs.yaml.
import type { z } from "zod";
import { contentText, onContent } from "./files";
import { loadYaml } from "./load";
import { faqsFile } from "./schema";

const PATH = "/content/faqs.yaml";
type Faqs = z.output<typeof faqsFile>;

export let generalFaqs: Faqs["general"];
export let serviceFaqs: Faqs["services"];
export let contactFaqs: Faqs["contact"];
onContent(() => {
  const faqs = loadYaml(PATH, contentText(PATH) ?? "", faqsFile);
  generalFaqs = faqs.general;
  serviceFaqs = faqs.services;
  contactFaqs = faqs.contact;
});
