// Makes public/favicon.ico from public/favicon.svg: PNG images of 16, 32 and 48 px in one ICO file.
// Public pages link no icon, so browsers fetch /favicon.ico themselves, after the page has loaded (issue 31).
// Run after changing the SVG: npx tsx tools/favicon-ico.ts
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync("public/favicon.svg");
const sizes = [16, 32, 48];
const pngs = await Promise.all(
  sizes.map((size) =>
    sharp(svg, { density: 72 * (size / 32) * 4 })
      .resize(size, size)
      .png()
      .toBuffer(),
  ),
);

const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
pngs.forEach((png, i) => {
  const entry = 6 + 16 * i;
  const size = sizes[i] ?? 0;
  header.writeUInt8(size, entry); // width
  header.writeUInt8(size, entry + 1); // height
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
writeFileSync("public/favicon.ico", Buffer.concat([header, ...pngs]));
console.log(`public/favicon.ico: ${offset} bytes (${sizes.join(", ")} px)`);
