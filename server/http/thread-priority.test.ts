// A worker thread that lowers itself runs below the event loop's thread, and only it does (Linux keeps nice per thread).
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const helper = new URL("./thread-priority.ts", import.meta.url).href;
const tsx = import.meta.resolve("tsx/esm/api");

// The worker, as the server's workers start under tsx (render-in-worker.ts): its own thread lowers itself.
const worker = `
import { register } from ${JSON.stringify(tsx)};
import { parentPort } from "node:worker_threads";
import { readlinkSync } from "node:fs";
register();
const { lowerThisThread } = await import(${JSON.stringify(helper)});
const lowered = lowerThisThread(10);
parentPort.postMessage({ lowered, tid: Number(readlinkSync("/proc/thread-self").split("/").pop()) });
`;

// In a process of its own: the test runner's threads keep their priority.
const script = `
const { Worker } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const nice = (tid) => Number(readFileSync("/proc/self/task/" + tid + "/stat", "utf8").split(") ")[1].split(" ")[16]);
const before = nice(process.pid);
const w = new Worker(new URL(${JSON.stringify(`data:text/javascript,${encodeURIComponent(worker)}`)}));
w.once("message", ({ lowered, tid }) => {
  console.log(JSON.stringify({ lowered, worker: nice(tid), mainUnchanged: nice(process.pid) === before }));
  void w.terminate();
});
`;

describe.runIf(process.platform === "linux")("lowerThisThread", () => {
  it("puts the worker's own thread at nice 10 and leaves the event loop's thread as it was", () => {
    const out = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
    expect(JSON.parse(out.trim().split("\n").pop() ?? "{}")).toEqual({
      lowered: true,
      worker: 10,
      mainUnchanged: true,
    });
  });
});
