// `npx tsx tools/bench-render-worker.ts [rounds]` (after `npm run build`): where a cold render's worker spends its
// time (issue 45), on the compiled worker (build/bin/render-worker.js) with a publish's 64 MB first heap (HEAP=MB, YOUNG=MB to try others) and React's
// production build: its start and the bundle's import, the first render with empty caches, the first render of a
// worker given what the last one learned of the critical CSS, the first render after a warm-up, the warm-up itself,
// and a warm worker's third render. The kinds alternate in each round, so the machine's load meets them alike.
// Each render renders this checkout's content/ into a temporary folder, with quick brotli copies as a publish does.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { LearnedCriticalCss } from "../app/lib/critical-css.ts";
import type { RenderResult } from "../server/publishing/render-pages.ts";
import type { RenderWorkerData } from "../server/publishing/render-worker.ts";

process.env.NODE_ENV = "production";
const ROUNDS = Number(process.argv[2] ?? 5);
const out = mkdtempSync(path.join(tmpdir(), "bench-render-worker-"));
const contentDir = path.resolve("content");
let renders = 0;

type Reply = {
  ready?: true;
  result?: RenderResult;
  learned?: LearnedCriticalCss | null;
  warmed?: { pages: number; ms: number } | null;
  message?: string;
};

function startWorker(learned?: LearnedCriticalCss) {
  const realRenderAsked = new Int32Array(new SharedArrayBuffer(4));
  const workerData: RenderWorkerData = {
    serverBuildPath: path.resolve("build/server/index.js"),
    learned,
    realRenderAsked,
  };
  const started = performance.now();
  const worker = new Worker(path.resolve("build/bin/render-worker.js"), {
    workerData,
    resourceLimits: {
      maxOldGenerationSizeMb: Number(process.env.HEAP ?? 64),
      maxYoungGenerationSizeMb: Number(process.env.YOUNG ?? 8),
    },
  });
  const waiting: ((reply: Reply) => void)[] = [];
  const ready = new Promise<number>((resolve, reject) => {
    worker.on("message", (reply: Reply) => {
      if (reply.ready) resolve(performance.now() - started);
      else waiting.shift()?.(reply);
    });
    worker.on("error", reject);
    worker.on("exit", (code) => reject(new Error(`the worker ended (exit code ${code})`)));
  });
  const ask = (message: object) =>
    new Promise<Reply>((resolve) => {
      waiting.push(resolve);
      worker.postMessage(message);
    });
  return {
    ready,
    async render() {
      Atomics.store(realRenderAsked, 0, 1);
      const reply = await ask({ contentDir, outDir: path.join(out, String(renders++)), quick: true });
      if (!reply.result) throw new Error(`the render failed: ${reply.message ?? "?"}`);
      return { ...reply.result, learned: reply.learned ?? null };
    },
    async warmUp() {
      const reply = await ask({ warmUp: { contentDir } });
      if (!reply.warmed) throw new Error(`the warm-up failed: ${reply.message ?? "?"}`);
      return reply.warmed.ms;
    },
    end: () => worker.terminate(),
  };
}

const rows: Record<string, number[]> = {
  "start and bundle import": [],
  "first render, empty caches": [],
  "of which compression after the last page": [],
  "first render, the last worker's CSS given": [],
  "the warm-up (a render kept nowhere)": [],
  "first render after a warm-up (CSS given too)": [],
  "a warm worker's third render": [],
};
const add = (row: string, ms: number) => rows[row]?.push(Math.round(ms));
let learned: LearnedCriticalCss | undefined;
let sets = 0;

const kinds = {
  async empty() {
    const worker = startWorker();
    add("start and bundle import", await worker.ready);
    const first = await worker.render();
    add("first render, empty caches", first.renderMs);
    add("of which compression after the last page", first.compressMs);
    learned = first.learned ?? learned;
    sets = first.cssAfresh ?? sets;
    await worker.render();
    add("a warm worker's third render", (await worker.render()).renderMs);
    await worker.end();
  },
  async given() {
    const worker = startWorker(learned);
    add("start and bundle import", await worker.ready);
    add("first render, the last worker's CSS given", (await worker.render()).renderMs);
    await worker.end();
  },
  async warmedUp() {
    const worker = startWorker(learned);
    add("start and bundle import", await worker.ready);
    add("the warm-up (a render kept nowhere)", await worker.warmUp());
    add("first render after a warm-up (CSS given too)", (await worker.render()).renderMs);
    await worker.end();
  },
};

const loadAtStart = loadavg()[0]?.toFixed(2);
try {
  await kinds.empty();
  for (let round = 0; round < ROUNDS; round++) {
    const order =
      round % 2 === 0 ? (["given", "warmedUp", "empty"] as const) : (["empty", "warmedUp", "given"] as const);
    for (const kind of order) await kinds[kind]();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
  console.log(
    `Node ${process.version}, ${ROUNDS} rounds, load average ${loadAtStart} at start, ${loadavg()[0]?.toFixed(2)} at end`,
  );
  for (const [row, values] of Object.entries(rows)) {
    console.log(`${row.padEnd(46)} median ${String(median(values)).padStart(5)} ms  (${values.join(", ")})`);
  }
  console.log(
    `the critical CSS learned: ${learned?.sheets.length ?? 0} sets of matched selectors (${sets} pruned afresh on ` +
      `the first render), ${JSON.stringify(learned ?? {}).length} characters handed to the next worker`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
