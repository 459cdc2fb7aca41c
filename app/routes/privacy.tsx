// The privacy page. Its words describe what the estimate pipeline really does (server/, app/lib/attribution.ts),
// so it lives beside the code and reads the business facts, rather than in content/: change the code, change this.
import { ContactLine } from "~/components/contact-line";
import { CtaBand } from "~/components/cta-band";
import { PageHero } from "~/components/page-hero";
import { business } from "~/content/business";
import { backupRetentionDays } from "~/lib/backup-retention";
import { seo } from "~/lib/seo";
import { VISIT_RETENTION_MONTHS } from "~/lib/visitor-figures";
import { CONTRACT_YEARS } from "~/lib/contract-retention";
import { REPORT_YEARS } from "~/content/condition-report";

export const meta = () =>
  seo({
    title: `Privacy | ${business.name}`,
    description: `What ${business.name} collects when you ask for an estimate, where it is kept, who sees it, how long, and how to have it deleted.`,
    path: "/privacy",
  });

/** The page's sections, from the facts in force (the owner may change the retention periods). */
function sections(): { heading: string; paragraphs: string[] }[] {
  const months = business.leads.retentionMonths;
  const backupDays = backupRetentionDays(business.leads.backups);
  return [
    {
      heading: "What we collect",
      paragraphs: [
        "When you send the estimate form we keep what you type: your name, e-mail address, phone number, the service you pick and your message, plus the town if you came from one of our town pages.",
        "If you add photos (up to 5), we keep only their pictures: each is turned upright, made smaller (at most 1600 pixels on its longest side) and saved again as a plain JPEG without its location, date, camera details or file name. The original files are never saved. Photos are stored with your request and are seen only by the owner, in the owner's signed-in console and in the e-mail that tells the owner about your request; they are never shown on this website.",
        "With it we keep a few facts about the request: when it arrived, your internet address and your browser's name (to stop abuse), the page you sent it from, the first page you opened on our site during that visit, the site that sent you here, and any campaign tags in that first link (utm_source and the like, gclid, fbclid).",
        "Your browser remembers those last details in its session storage until you close the tab, so the form can send them. We set no cookies, use no analytics scripts or advertising trackers, and our pages load nothing from other companies.",
      ],
    },
    {
      heading: "Booking the estimate visit",
      paragraphs: [
        "If you book the free estimate visit online, we also keep the town and street address you give, anything you tell us about the visit (a gate code, a dog), the time you pick, when you booked, moved or cancelled it, and whether you or we made each change.",
        "The link to book, move or cancel your visit is a secret: we keep only a fingerprint of it, so even a copy of our database cannot open it. Moving or cancelling online stops a few hours before the visit; after that, call or text us.",
        "Your visit goes into the owner's own calendar, by e-mail and through a private calendar address only the owner's phone reads; that copy has your name, phone, address and the visit time, nothing more.",
        "A booking is part of your request: it is kept, deleted and erased with it.",
      ],
    },
    {
      heading: "Counting visits",
      paragraphs: [
        "To know whether this website brings in work, our own server counts the pages it sends out: how many each day, which pages, the website that sent each visitor here (such as Google, or none), the campaign tags in the link (utm_source and utm_campaign), and whether the device is a phone, a tablet or a computer.",
        "To count people rather than pages, the server mixes your internet address and your browser’s name with a random code that changes every day, and keeps only the mixed result, for that day. The code is deleted the next day, so nobody, us included, can tell that two days’ visits were yours. Your internet address and browser name are never stored for this.",
        `Nothing is added to the pages for it: no cookie, no script, nothing from another company. Only daily totals are kept, and none of them names a person; they are deleted after ${VISIT_RETENTION_MONTHS} months. Search engines’ robots and link previews are not counted.`,
      ],
    },
    {
      heading: "Where it is kept and who sees it",
      paragraphs: [
        "Requests are stored in a database on the server that runs this website. The owner receives each one by e-mail, sent through our e-mail provider, and works from that copy to call you back.",
        "We do not sell or share your details, and we use them only to answer your request and do the work you ask for.",
      ],
    },
    {
      heading: "The e-mails we send you",
      paragraphs: [
        "We may send one confirmation e-mail to the address you give, with a reference number and when to expect our call. It never repeats what you typed, and we send at most one a day to any address. We send no newsletters or offers.",
        "If you book a visit, we e-mail you the booking with a calendar invite, again when it is moved or cancelled, and one reminder the day before.",
      ],
    },
    {
      heading: "Quotes and contracts",
      paragraphs: [
        "If we send you a quote, it is kept with your request: the work, the prices, the photos we chose from yours, and each version we sent. Its e-mail carries a private link; we keep only a scrambled form of the link, and the page it opens is never stored by your browser or shown to search engines. The first time you open a version, we note that it was opened.",
        `When you accept a quote online, we keep what proves it: the name you typed, the option you chose, the time, your internet address and your browser's name, your consent to electronic records, and a fingerprint (SHA-256) of the exact quote you saw. An accepted quote is a contract. We keep it, with that record, its PDF, its invoice and the payments made on them, for ${CONTRACT_YEARS} years after you accepted, even if you ask us to delete your other details, and then delete it. Quotes you did not accept are deleted with your request.`,
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        `Requests are deleted automatically ${months} months after they arrive, together with their photos, notes, visits and e-mail records. If we do work for you, your contract and invoices are kept separately, as the law requires.`,
        `We keep backup copies of the database, so that a broken disk cannot lose your request. Each backup is deleted after at most ${backupDays} days, so anything deleted from the database is gone from every backup within ${backupDays} days.`,
      ],
    },
    {
      heading: "Seeing or deleting your details",
      paragraphs: [
        `Call or e-mail us and we will tell you what we hold about you, correct it, or delete it. Deletion removes every request from your e-mail address, with its photos, notes, visits, quotes and e-mail records, from our database completely, except a quote you accepted, which we keep as a contract for ${CONTRACT_YEARS} years (above), with the findings of our inspection it was made from, and a chimney condition report we sent you, which we keep ${REPORT_YEARS} years after sending as the record of what we inspected. It also removes your customer record: your name, e-mail addresses, phone numbers, addresses and chimneys. So that we never e-mail you again, we keep only a scrambled code made from each e-mail address and phone number, from which they cannot be read back.`,
      ],
    },
  ];
}

export default function Privacy() {
  return (
    <>
      <PageHero
        eyebrow="Privacy"
        heading="Your details, kept simply"
        lead={`What ${business.name} keeps when you ask for an estimate, and what you can ask of us.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        {sections().map((section) => (
          <section key={section.heading} className="mt-10 first:mt-0">
            <h2 className="text-3xl font-bold text-soot-950">{section.heading}</h2>
            <div className="prose-body mt-4 space-y-4">
              {section.paragraphs.map((text) => (
                <p key={text.slice(0, 40)}>{text}</p>
              ))}
            </div>
          </section>
        ))}
        <ContactLine
          subject="Privacy"
          prefix={`${business.name}, ${business.address.locality}, ${business.address.region}`}
        />
      </div>
      <CtaBand />
    </>
  );
}
