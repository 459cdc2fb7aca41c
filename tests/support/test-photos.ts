// Realistic stand-ins for phone photos: a brick chimney against the sky, saved as JPEG with the metadata a phone
// adds (GPS position, camera make, XMP, a colour profile, a rotation flag). Tests make them in a temp folder.
import { writeFileSync } from "node:fs";
import sharp, { type Sharp } from "sharp";

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,28.8N" exif:GPSLongitude="88,59.6W"/>' +
  "</rdf:RDF></x:xmpmeta>";

function random(seed: number) {
  let s = seed || 1;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}

function sceneSvg(width: number, height: number, seed: number): string {
  const rnd = random(seed);
  const brickW = Math.round(width / 24);
  const brickH = Math.round(brickW / 2.6);
  const chimneyX = Math.round(width * (0.25 + rnd() * 0.3));
  const chimneyW = Math.round(width * 0.3);
  const roofY = Math.round(height * 0.62);
  const bricks: string[] = [];
  for (let y = Math.round(height * 0.12), row = 0; y < roofY + brickH; y += brickH + 4, row++) {
    for (let x = chimneyX - (row % 2) * (brickW / 2); x < chimneyX + chimneyW; x += brickW + 4) {
      const r = 120 + Math.round(rnd() * 70);
      const g = 50 + Math.round(rnd() * 30);
      const b = 35 + Math.round(rnd() * 25);
      bricks.push(
        `<rect x="${Math.max(x, chimneyX)}" y="${y}" width="${brickW}" height="${brickH}" fill="rgb(${r},${g},${b})"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8fc9"/><stop offset="1" stop-color="#d9e6f2"/></linearGradient>
    <linearGradient id="roof" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b3b40"/><stop offset="1" stop-color="#1d1d22"/></linearGradient>
    <clipPath id="stack"><rect x="${chimneyX}" y="${Math.round(height * 0.12)}" width="${chimneyW}" height="${height}"/></clipPath>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${Math.round(width * 0.85)}" cy="${Math.round(height * 0.18)}" r="${Math.round(height * 0.08)}" fill="#fff6d5" opacity="0.8"/>
  <rect x="${chimneyX}" y="${Math.round(height * 0.12)}" width="${chimneyW}" height="${height}" fill="#c8bfb0"/>
  <g clip-path="url(#stack)">${bricks.join("")}</g>
  <rect x="${chimneyX - Math.round(chimneyW * 0.06)}" y="${Math.round(height * 0.09)}" width="${Math.round(chimneyW * 1.12)}" height="${Math.round(height * 0.04)}" fill="#9a9a94"/>
  <polygon points="0,${roofY} ${width},${roofY - Math.round(height * 0.12)} ${width},${height} 0,${height}" fill="url(#roof)"/>
</svg>`;
}

export type TestPhotoOptions = {
  width?: number;
  height?: number;
  seed?: number;
  orientation?: number;
  /** Sensor grain makes the file as big as a real phone photo, and slower to make. */
  grain?: boolean;
};

/** Writes a JPEG like a phone's, GPS and all, and returns its path. */
export async function makeTestPhoto(
  file: string,
  { width = 3000, height = 2000, seed = 1, orientation = 1, grain = false }: TestPhotoOptions = {},
) {
  // A phone stores the sensor's pixels sideways and a rotation flag; draw the scene as it should look upright,
  // then turn the pixels the other way so that only the flag makes it right.
  const sideways = orientation >= 5;
  const [w, h] = sideways ? [height, width] : [width, height];
  const svg = sharp(Buffer.from(sceneSvg(w, h, seed)));
  if (grain) {
    const noise = await sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 28 },
      },
    })
      .blur(0.6)
      .png({ compressionLevel: 1 })
      .toBuffer();
    svg.composite([{ input: noise, blend: "soft-light" }]);
  }
  const upright = await svg.png({ compressionLevel: 1 }).toBuffer();
  const scene = await stored(upright, orientation);
  const withGps = await sharp(scene)
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Camera 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 28/1 48/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "88/1 59/1 36/1",
      },
    })
    .withXmp(XMP)
    .withIccProfile("p3")
    .jpeg({ quality: 92 })
    .toBuffer();
  // A second pass adds the rotation flag while keeping the EXIF, XMP and profile written above.
  const jpeg = await sharp(withGps).withMetadata({ orientation }).toBuffer();
  writeFileSync(file, withComment(jpeg, "Shot at 1204 Oak St, Normal IL"));
  return file;
}

/**
 * The pixels a camera stores for a scene that its EXIF orientation `o` turns upright: the inverse of what a viewer
 * does for `o` (2 mirror, 3 half turn, 4 flip, 5 transpose, 6 quarter turn clockwise, 7 transverse, 8 anticlockwise).
 * One operation a pass: sharp applies a rotation and a mirror in an order of its own.
 */
async function stored(upright: Buffer, o: number): Promise<Buffer> {
  const pass = (input: Buffer, op: (s: Sharp) => Sharp) =>
    op(sharp(input)).png({ compressionLevel: 1 }).toBuffer();
  switch (o) {
    case 2:
      return pass(upright, (s) => s.flop());
    case 3:
      return pass(upright, (s) => s.rotate(180));
    case 4:
      return pass(upright, (s) => s.flip());
    case 5:
      return pass(await pass(upright, (s) => s.rotate(90)), (s) => s.flop());
    case 6:
      return pass(upright, (s) => s.rotate(270));
    case 7:
      return pass(await pass(upright, (s) => s.rotate(270)), (s) => s.flop());
    case 8:
      return pass(upright, (s) => s.rotate(90));
    default:
      return upright;
  }
}

/** True when the EXIF holds a GPS block (tag 0x8825, either byte order). */
export function hasGps(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

/** Inserts a JPEG comment (COM) segment after the start-of-image marker, as some phone apps do. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, "latin1");
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}
