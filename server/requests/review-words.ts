// What a review request needs from the site's content folder, read each time one is written or offered: the
// words (content/review-request.yaml) and the review link (content/business.yaml). A change the owner saved in the
// console counts from the next e-mail on, without a restart or waiting for the publish.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BUSINESS_FILE, parseBusinessFile } from "../../app/content/business.ts";
import { loadYaml } from "../../app/content/load.ts";
import { REVIEW_REQUEST_FILE, reviewRequestFile, type ReviewRequestWords } from "../../app/content/review-request.ts";

export type ReviewSettings = { words: ReviewRequestWords; reviewUrl: string | null };

/** The review link in the site's business facts; null while unset. */
export function readReviewUrl(repoDir: string): string | null {
  return parseBusinessFile(readFileSync(path.join(repoDir, BUSINESS_FILE), "utf8")).reviewUrl ?? null;
}

export function readReviewSettings(repoDir: string): ReviewSettings {
  const source = readFileSync(path.join(repoDir, REVIEW_REQUEST_FILE), "utf8");
  return {
    words: loadYaml(`/${REVIEW_REQUEST_FILE}`, source, reviewRequestFile),
    reviewUrl: readReviewUrl(repoDir),
  };
}
