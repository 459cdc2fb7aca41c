// The site being served, and its changes while the server runs: a publish's render put in force (its pages at once,
// its content in this process's React Router bundle soon after), and the render's files read again.
import type { NextFunction, Request, Response } from "express";
import type { LRUCache } from "lru-cache";
import { PublishError } from "../publishing/owner-words.ts";
import type { CachedResponse } from "./compressed-cache.ts";
import type { Site } from "./site.ts";
import { withRenderedPagesRead } from "./static-files.ts";

/** After a publish's switch, when this process's bundle takes the new content (switchPendingContent). */
const CONTENT_SWITCH_DELAY_MS = 200;

export type ServedSite = {
  current: () => Site;
  /** The request to the current site's React Router handler, the new content put in force first if it waits. */
  handle: (req: Request, res: Response, next: NextFunction) => void;
  prepareRender: (pages: string, contentFrom?: string) => Promise<() => void>;
  refreshPages: (pages: string) => Promise<boolean>;
};

export function servedSite(
  first: Site,
  { pageCache, contentDir }: { pageCache: LRUCache<string, CachedResponse>; contentDir: string | undefined },
): ServedSite {
  let site = first;
  /**
   * The new content reaches this process's React Router bundle in a task of its own shortly after the switch, or
   * before the first request that needs it (a page rendered on request: the console, a 404) if that comes first.
   * Not in the switch's own task: deriving every content module again took about 100 ms of the event loop when this
   * was written (issue 38), and 7-22 ms with the caches of load.ts; the owner's next console page after a publish
   * took it on top of its own render, 26-49 ms on Node 24 (issue 51).
   */
  let pendingContent: unknown = null;
  function switchPendingContent() {
    if (pendingContent === null) return;
    const content = pendingContent;
    pendingContent = null;
    try {
      site.entry.switchContent?.(content as never);
    } catch (error) {
      // The render took the same files; should this refuse them, the pages rendered on request keep the old words.
      console.error(
        `The published content could not be put in force here: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  return {
    current: () => site,
    handle(req, res, next) {
      if (pendingContent === null) return site.handler(req, res, next);
      // Only when a request came before the timer below: the switch, then the page in the loop's next check phase.
      switchPendingContent();
      setImmediate(() => site.handler(req, res, next));
    },
    /**
     * A publish's render (decision 0027): its pages over the build's files, and this process's content switched to
     * the one they were rendered from (`contentFrom`, a content/ folder). Returns the switch; the served code stays
     * as it is.
     */
    async prepareRender(pages, contentFrom = contentDir) {
      const files = await withRenderedPagesRead(site.files, pages);
      if (!files.has("/")) throw new PublishError("the new version has no home page");
      const content = contentFrom && site.entry.readContentFiles ? site.entry.readContentFiles(contentFrom) : null;
      const from = site;
      return () => {
        site = { ...from, pages, files };
        pendingContent = content;
        pageCache.clear();
        // Soon after, in a task of its own: not in the owner's next page, which would pay for both (issue 51).
        setTimeout(switchPendingContent, CONTENT_SWITCH_DELAY_MS).unref();
      };
    },
    /**
     * The render's files read again (its brotli copies were made again at quality 11): served from now on when those
     * pages still are. False when other pages are served by now.
     */
    async refreshPages(pages) {
      if (site.pages !== pages) return false;
      const files = await withRenderedPagesRead(site.files, pages);
      if (site.pages !== pages) return false;
      site = { ...site, files };
      return true;
    },
  };
}
