// npm run photos:add -- <photos or folders>: copies phone photos into content/photos/, upright, at most 2400 px,
// with location and camera data removed. See README "Add photos".
import { mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ensurePhotoCopies, photoCopiesDir } from "../server/photos/photo-copies.ts";
import { ingestPhoto, IngestError } from "../server/photos/photo-ingest.ts";

const OUTPUT = path.resolve("content/photos");
// npm runs scripts from the project folder; paths the owner typed are relative to where they typed them.
const here = process.env.INIT_CWD ?? process.cwd();

function expand(arg: string): string[] {
  const full = path.resolve(here, arg);
  if (statSync(full, { throwIfNoEntry: false })?.isDirectory()) {
    return readdirSync(full)
      .filter((f) => /\.(jpe?g|heic|heif)$/i.test(f))
      .sort()
      .map((f) => path.join(full, f));
  }
  return [full];
}

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en-US")} KB`;

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error("Usage: npm run photos:add -- <photo.jpg …> or <folder>");
  process.exit(1);
}

mkdirSync(OUTPUT, { recursive: true });
let failed = 0;
const added: string[] = [];
for (const file of args.flatMap(expand)) {
  try {
    const result = await ingestPhoto(file, OUTPUT);
    added.push(result.name);
    console.log(
      `✓ ${path.basename(file)} → content/photos/${result.name}  (${kb(result.bytesIn)} → ${kb(result.bytesOut)}, ` +
        `${result.width}×${result.height}, location and camera data removed)`,
    );
  } catch (error) {
    failed++;
    const message = error instanceof IngestError ? error.message : `${path.basename(file)}: ${String(error)}`;
    console.error(`✗ ${message}`);
  }
}

if (added.length > 0) {
  // Their web copies, once (decision 0028): no build or publish encodes them again.
  const started = Date.now();
  await ensurePhotoCopies(path.resolve("content"), photoCopiesDir(process.cwd()));
  console.log(`Made their web copies (AVIF, WebP, JPEG) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  console.log('\nTo show them under "Recent work", add to content/gallery.yaml:\n');
  for (const name of added) {
    console.log(
      `- file: ${name}\n  alt: What the photo shows\n  caption: A short caption\n  service: chimney-crowns\n  city: bloomington\n`,
    );
  }
}
process.exit(failed > 0 ? 1 : 0);
