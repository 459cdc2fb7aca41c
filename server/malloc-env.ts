// glibc's allocator settings the server runs with. They must be in the environment before Node starts (glibc reads
// them once, at the first allocation), so `npm start` (package.json) and deploy/heartland-site.service set them, and
// the server tests start the server with them too; malloc-env.test.ts keeps the three the same.
//
// Why: by default glibc raises its mmap threshold each time a large block (a decoded photo, an uploaded photo's
// bytes) is freed, up to 32 MB, so later photo-sized blocks come from its heaps and stay in RSS after they are freed;
// and every thread (libvips', Node's) can get an arena of its own. A fixed threshold gives blocks of 128 KB and up
// back to the system when freed, and one arena keeps the rest in one place (the server handles one photo at a time).
// RSS growth over idle across tests/server/estimate-photos.test.ts, one run each on the shared machine: 132.3 MB
// with glibc's defaults; 44.9, 46.3, 39.3, 39.8 MB with two arenas; 32.3, 21.5, 34.3, 54.5,
// 40.4 MB with one (limit 64).
export const MALLOC_ENV = {
  MALLOC_ARENA_MAX: "1",
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
} as const;
