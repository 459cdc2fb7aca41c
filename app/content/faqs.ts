// FAQ content for the /faq page (general and service questions) and the /contact page, from content/faqs.yaml.
import source from "/content/faqs.yaml?raw";
import { loadYaml } from "./load";
import { faqsFile } from "./schema";

const faqs = loadYaml("/content/faqs.yaml", source, faqsFile);

export const generalFaqs = faqs.general;
export const serviceFaqs = faqs.services;
export const contactFaqs = faqs.contact;
