// Preloaded into a measured server (`node --expose-gc --import ./tools/memory-probe.mjs`) by the benches that ask
// for it: on SIGTTIN it collects garbage twice and prints the process's memory, so a growth in RSS is told apart
// from a growth in the JavaScript heap (live objects) or in buffers outside it.
process.on("SIGTTIN", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `memory probe: rss ${mb(m.rss)} MB, heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, array buffers ${mb(m.arrayBuffers)} MB`,
  );
});
