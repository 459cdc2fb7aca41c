// The environment the server runs with: glibc's allocator settings and V8's young generation. They must be set
// before Node starts (glibc reads its settings once, at the first allocation; V8 sizes its heap when it makes the
// isolate), so `npm start` (package.json) and deploy/heartland-site.service set them, and the server tests and the
// benches start the server with them too; server-env.test.ts keeps the three the same.
//
// NODE_OPTIONS (decision 0049): uncapped, V8 lets the young generation grow to 32 MB on Node 20 and 128 MB on Node
// 24 here, so a busy moment (the start's warm-up, a publish) leaves some 190 MB committed for 50 MB live, and V8's
// memory reducer gives it back in one collection, with a 29-103 ms pause on the main thread. Capped at two 8 MB
// semi-spaces, the same collection paused 19-22 ms, and the idle server holds about 35 MB less
// (tools/bench-publish.ts --cold, docs/benchmarks.md). The build the server runs for a code update inherits it too.
//
// The allocator: by default glibc raises its mmap threshold each time a large block (a decoded photo, an uploaded
// photo's bytes) is freed, up to 32 MB, so later photo-sized blocks come from its heaps and stay in RSS after they are
// freed; and every thread (libvips', Node's) can get an arena of its own. A fixed threshold of 32 KB sends blocks that
// size and up (the upload's 64 KB chunks among them) to their own mappings, given back to the system when freed,
// instead of the heap, where they fragmented it and kept it from shrinking; one arena keeps the rest in one place (the
// server handles one photo at a time). RSS growth over idle across tests/server/estimate-photos.test.ts (limit 64 MB
// on Node 20; 128 MB on Node 24, which collects the uploads' buffers later), one run each on the shared machine:
// 132.3 MB with glibc's defaults; 39.3–46.3 MB (4 runs) with two arenas and a 128 KB threshold; 21.5–54.5 MB (5 runs)
// with one arena and 128 KB, all of it in the main heap; 25.2, 26.1, 32.2, 31.2 MB with one arena and 32 KB, after
// which RSS falls back below idle.
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: "1",
  MALLOC_MMAP_THRESHOLD_: "32768",
  MALLOC_TRIM_THRESHOLD_: "131072",
  NODE_OPTIONS: "--max-semi-space-size=8",
} as const;
