// The thread that prunes the CSS of pages rendered on request (critical-css-in-worker.ts): the stylesheet of a page
// it has not seen before takes hundreds of milliseconds to prune, which the event loop that answers visitors and the
// owner must not spend (issue 51). The same function as a build's and a publish's render, so the same bytes.
import { parentPort } from "node:worker_threads";
import { inlineCriticalCss } from "../../app/lib/critical-css.ts";

export type CriticalCssJob = { id: number; html: string; stylesheet: string };
export type CriticalCssReply = { id: number; ok: true; document: string } | { id: number; ok: false; message: string };

parentPort?.on("message", ({ id, html, stylesheet }: CriticalCssJob) => {
  inlineCriticalCss(html, stylesheet).then(
    (document) => parentPort?.postMessage({ id, ok: true, document } satisfies CriticalCssReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies CriticalCssReply),
  );
});
