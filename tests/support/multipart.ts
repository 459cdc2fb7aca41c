// A multipart/form-data body built byte by byte, so tests control every header (odd file names, wrong types).
export type Part =
  { name: string; value: string } | { name: string; filename: string; type?: string; bytes: Uint8Array };

export function multipartBody(parts: readonly Part[], boundary = `----test${Math.random().toString(16).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? "image/jpeg"}\r\n\r\n`,
          "latin1",
        ),
        Buffer.from(part.bytes),
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A JPEG grown to `size` bytes with comment segments (valid markers, which the ingest drops). */
export function padJpeg(jpeg: Uint8Array, size: number): Buffer {
  const source = Buffer.from(jpeg);
  const segments: Buffer[] = [];
  let left = size - source.length;
  while (left > 4) {
    const body = Math.min(65_533, left - 4);
    const segment = Buffer.alloc(4 + body, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(body + 2, 2);
    segments.push(segment);
    left -= segment.length;
  }
  return Buffer.concat([source.subarray(0, 2), ...segments, source.subarray(2)]);
}

/** A real JPEG whose header claims 60000 × 60000 pixels (a decompression bomb's shape). */
export function bombJpeg(jpeg: Uint8Array): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9;) {
    const marker = out[i + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) {
      out.writeUInt16BE(60000, i + 5);
      out.writeUInt16BE(60000, i + 7);
      return out;
    }
    i += 2 + out.readUInt16BE(i + 2);
  }
  throw new Error("no SOF marker");
}
