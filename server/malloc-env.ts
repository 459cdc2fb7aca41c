// glibc's allocator settings the server runs with. They must be in the environment before Node starts (glibc reads
// them once, at the first allocation), so `npm start` (package.json) and deploy/heartland-site.service set them, and
// the server tests start the server with them too; malloc-env.test.ts keeps the three the same.
//
// Why: by default glibc raises its mmap threshold each time a large block (a decoded photo, an uploaded photo's
// bytes) is freed, up to 32 MB, so later photo-sized blocks come from its heaps and stay in RSS after they are freed;
// and every thread (libvips', Node's) can get an arena of its own. A fixed threshold of 32 KB sends blocks that size
// and up (the upload's 64 KB chunks among them) to their own mappings, given back to the system when freed, instead of
// the heap, where they fragmented it and kept it from shrinking; one arena keeps the rest in one place (the server
// handles one photo at a time). RSS growth over idle across tests/server/estimate-photos.test.ts (limit 64 MB on
// Node 20; 128 MB on Node 24, which collects the uploads' buffers later), one run each on the shared machine:
// 132.3 MB with glibc's defaults; 39.3–46.3 MB (4 runs) with two arenas and a 128 KB threshold; 21.5–54.5 MB (5 runs) with one
// arena and 128 KB, all of it in the main heap; 25.2, 26.1, 32.2, 31.2 MB with one arena and 32 KB, after which RSS
// falls back below idle.
export const MALLOC_ENV = {
  MALLOC_ARENA_MAX: "1",
  MALLOC_MMAP_THRESHOLD_: "32768",
  MALLOC_TRIM_THRESHOLD_: "131072",
} as const;
