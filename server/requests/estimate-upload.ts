// The estimate form's multipart body, read as it streams: text fields are collected (64 KB in all), photos are
// counted and sized while they arrive, and a photo over a limit stops being kept at the byte that crosses it (the
// rest of it is read and dropped, never held). Each kept photo goes through the ingest as soon as it has arrived,
// so only the cleaned JPEG outlives the request. A bad photo is a refusal in words, never a lost request.
import { Buffer } from "node:buffer";
import busboy from "busboy";
import { PHOTO_FIELD, PHOTO_LIMITS, type PhotoRefusal, type PhotoRefusalCode } from "../../app/lib/estimate-photos.ts";
import { whenSharpLoads } from "../photos/libvips.ts";
import { ingestEstimatePhoto, PhotoRefused, type EstimatePhoto } from "../photos/photo-ingest.ts";

whenSharpLoads((sharp) => {
  // libvips keeps recent results (up to 50 MB) for reuse; a server that sees each photo once has no use for them.
  sharp.cache(false);
  // One libvips thread per photo: the ingest runs one photo at a time anyway, and each thread holds its own buffers.
  sharp.concurrency(1);
});

const KB = 1024;
const MB = KB * KB;

export const UPLOAD_READ_LIMITS = {
  /** Text fields together, as the endpoint has always allowed. */
  fieldBytes: 64 * KB,
  /**
   * The most of a body the endpoint reads. Photos past the limits above are read and dropped, so a phone that picked
   * too many still gets its words through; past this, the request is refused before or while it is read.
   */
  bodyBytes: 64 * MB,
  /** A body that sends nothing for this long is given up (a slow client that stops is not waited for). */
  idleMs: 20_000,
  parts: 60,
} as const;

export type UploadProblem =
  { kind: "too-large" } | { kind: "malformed" } | { kind: "stalled" } | { kind: "unexpected-file"; field: string };

export type UploadedForm = {
  /** Text fields in the order they came, duplicates included (the endpoint refuses those). */
  fields: [string, string][];
  photos: EstimatePhoto[];
  refused: PhotoRefusal[];
};

export type ReadOptions = { idleMs?: number; heicDecodable?: boolean };

/** Why `pump` stopped reading (also used by the customer import's reader). */
export class Stop extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem.kind);
  }
}

/** Reads a multipart/form-data body; photos are ingested as they arrive. */
export async function readEstimateUpload(
  request: Request,
  contentType: string,
  { idleMs = UPLOAD_READ_LIMITS.idleMs, heicDecodable }: ReadOptions = {},
): Promise<UploadedForm | UploadProblem> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fieldSize: UPLOAD_READ_LIMITS.fieldBytes,
        fields: 40,
        parts: UPLOAD_READ_LIMITS.parts,
        // Counted below, so the photos past the limit can be named; busboy's own cap is a backstop.
        files: 20,
        fieldNameSize: 100,
      },
    });
  } catch {
    return { kind: "malformed" };
  }

  const fields: [string, string][] = [];
  const kept: { photo: number; result: Promise<EstimatePhoto | PhotoRefusalCode> }[] = [];
  const refused: PhotoRefusal[] = [];
  let fieldBytes = 0;
  let photoNumber = 0;
  let keptBytes = 0;
  let problem: UploadProblem | null = null;
  // The ingest runs one photo at a time, behind the upload: memory holds at most the photos still waiting.
  let ingestQueue: Promise<unknown> = Promise.resolve();
  /** Bytes of photos that have arrived and wait for the ingest. */
  let waitingBytes = 0;
  const fail = (p: UploadProblem) => {
    problem ??= p;
  };

  parser.on("field", (name, value, info) => {
    fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.valueTruncated || info.nameTruncated || fieldBytes > UPLOAD_READ_LIMITS.fieldBytes)
      fail({ kind: "too-large" });
    else fields.push([name, value]);
  });
  parser.on("file", (name, stream, info) => {
    // Destroying the parser (a stalled or refused upload) errors the open file stream: never an unhandled error.
    stream.on("error", () => {});
    if (name !== PHOTO_FIELD) {
      fail({ kind: "unexpected-file", field: name });
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refusal: PhotoRefusalCode | null = null;
    const number = photoNumber + 1;
    // An empty file input still sends one part with no name and no bytes: that is no photo at all.
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      photoNumber = number;
      if (number > PHOTO_LIMITS.maxFiles) refusal = "count";
    };
    if (info.filename) count();
    stream.on("data", (chunk: Buffer) => {
      count();
      size += chunk.length;
      if (refusal) return;
      if (size > PHOTO_LIMITS.maxFileBytes) refusal = "fileSize";
      else if (keptBytes + size > PHOTO_LIMITS.maxTotalBytes) refusal = "totalSize";
      if (refusal) chunks.length = 0;
      else chunks.push(chunk);
    });
    stream.on("end", () => {
      if (!counted) return;
      if (!refusal && size === 0) refusal = "empty";
      if (refusal) {
        refused.push({ photo: number, code: refusal });
        return;
      }
      keptBytes += size;
      const bytes = Buffer.concat(chunks, size);
      chunks.length = 0;
      waitingBytes += size;
      const result = ingestQueue.then(() =>
        ingestEstimatePhoto(bytes, heicDecodable === undefined ? {} : { heicDecodable })
          .finally(() => {
            waitingBytes -= size;
          })
          .catch((error: unknown): PhotoRefusalCode => {
            if (error instanceof PhotoRefused) return error.code;
            console.error(`Estimate photo ${number} could not be processed`, error);
            return "unreadable";
          }),
      );
      ingestQueue = result;
      kept.push({ photo: number, result });
    });
  });
  // Past busboy's own cap (20 files) parts are skipped unseen; the count above has refused them from the sixth on.
  parser.on("partsLimit", () => fail({ kind: "too-large" }));
  parser.on("fieldsLimit", () => fail({ kind: "too-large" }));

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  // Without a listener an error after we stop writing would be unhandled.
  finished.catch(() => {});

  try {
    await pump(
      request,
      parser,
      contentType,
      idleMs,
      () => problem,
      () => (waitingBytes > 0 ? ingestQueue : null),
    );
    parser.end();
    await finished;
  } catch (error) {
    parser.destroy();
    if (error instanceof Stop) return error.problem;
    if (problem) return problem;
    return { kind: "malformed" };
  }
  if (problem) return problem;

  const photos: EstimatePhoto[] = [];
  for (const { photo, result } of kept) {
    const outcome = await result;
    if (typeof outcome === "string") refused.push({ photo, code: outcome });
    else photos.push(outcome);
  }
  refused.sort((a, b) => a.photo - b.photo);
  return { fields, photos, refused };
}

/**
 * Replaces control characters in the parts' header lines with "_". Browsers send a file's name as it is (only CR,
 * LF and quotes are escaped), and busboy refuses a header holding any other control character: one oddly named file
 * would cost the whole request. File contents pass untouched.
 */
export function partHeaderCleaner(contentType: string): (chunk: Uint8Array | null) => Buffer {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ""}`);
  const headerEnd = Buffer.from("\r\n\r\n");
  let inHeaders = false;
  let carry = Buffer.alloc(0);
  return (chunk) => {
    const data = chunk ? Buffer.concat([carry, chunk]) : carry;
    const out: Buffer[] = [];
    let at = 0;
    carry = Buffer.alloc(0);
    while (at < data.length) {
      if (!inHeaders) {
        const found = data.indexOf(delimiter, at);
        // Keep back what could be the start of a delimiter cut by the chunk's end.
        const upTo =
          found === -1
            ? chunk
              ? Math.max(at, data.length - delimiter.length + 1)
              : data.length
            : found + delimiter.length;
        out.push(data.subarray(at, upTo));
        if (found === -1) {
          carry = Buffer.from(data.subarray(upTo));
          break;
        }
        at = upTo;
        inHeaders = true;
      } else {
        const end = data.indexOf(headerEnd, at);
        if (end === -1) {
          // A header section is small; past 16 KB it is passed on as it is, for busboy to judge.
          if (chunk && data.length - at < 16 * 1024) carry = Buffer.from(data.subarray(at));
          else out.push(data.subarray(at));
          break;
        }
        const headers = Buffer.from(data.subarray(at, end));
        for (let i = 0; i < headers.length; i++) {
          const c = headers[i] ?? 0;
          if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) headers[i] = 0x5f;
        }
        out.push(headers, headerEnd);
        at = end + headerEnd.length;
        inHeaders = false;
      }
    }
    return Buffer.concat(out);
  };
}

/**
 * Feeds the body to the parser with backpressure, a byte cap and an idle timeout; stops at the first problem. Shared
 * with the customer import's reader (server/customer-import/import-upload.ts), which passes its own cap.
 */
export async function pump(
  request: Request,
  parser: busboy.Busboy,
  contentType: string,
  idleMs: number,
  problem: () => UploadProblem | null,
  backlog: () => Promise<unknown> | null,
  maxBytes: number = UPLOAD_READ_LIMITS.bodyBytes,
): Promise<void> {
  if (!request.body) return;
  const clean = partHeaderCleaner(contentType);
  const reader = request.body.getReader();
  let read = 0;
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Stop({ kind: "stalled" })), idleMs);
      });
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await Promise.race([reader.read(), idle]);
      } finally {
        clearTimeout(timer);
      }
      if (next.done) {
        const rest = clean(null);
        if (rest.length) parser.write(rest);
        return;
      }
      read += next.value.byteLength;
      if (read > maxBytes) throw new Stop({ kind: "too-large" });
      const stop = problem();
      if (stop) throw new Stop(stop);
      if (!parser.write(clean(next.value))) await new Promise((resolve) => parser.once("drain", resolve));
      // A photo that has arrived waits for the one before it to be cleaned: reading pauses meanwhile, so memory
      // holds one photo arriving and one being cleaned, never the whole upload.
      const waiting = backlog();
      if (waiting) await waiting;
    }
  } catch (error) {
    // Stop reading but leave the connection alone, so the client still receives the answer.
    reader.releaseLock();
    throw error;
  }
}
