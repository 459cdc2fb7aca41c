// tsx tests/support/make-test-photos.ts <folder> [count]: phone-sized test JPEGs (4032×3024, GPS EXIF) for trying
// photos:add and for timing the build; never commit their output.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { makeTestPhoto } from "./test-photos";

const [folder, count = "10"] = process.argv.slice(2);
if (!folder) {
  console.error("Usage: tsx tests/support/make-test-photos.ts <folder> [count]");
  process.exit(1);
}
mkdirSync(folder, { recursive: true });
for (let i = 1; i <= Number(count); i++) {
  const file = path.join(folder, `IMG_${1000 + i}.JPG`);
  await makeTestPhoto(file, {
    width: 4032,
    height: 3024,
    seed: i * 7919,
    orientation: i % 3 === 0 ? 6 : 1,
    grain: true,
  });
  console.log(file);
}
