// The owner's customer list as it streams in: one CSV file and a few small fields, read through the estimate form's
// streaming reader (busboy behind server/requests/estimate-upload.ts's `pump`: backpressure, an idle timeout, a byte
// cap). A file over the cap is refused while it arrives, before it is all in memory.
import { Buffer } from "node:buffer";
import busboy from "busboy";
import { pump, Stop, UPLOAD_READ_LIMITS, type UploadProblem } from "../requests/estimate-upload.ts";

const KB = 1024;
const MB = KB * KB;

export const IMPORT_FILE_FIELD = "file";

export const IMPORT_UPLOAD_LIMITS = {
  /** A list of 20,000 customers from Jobber is some 8 MB; past this, it is not one customer list. */
  fileBytes: 10 * MB,
  fieldBytes: 4 * KB,
} as const;

export type ImportUpload = {
  fields: [string, string][];
  /** The file, or null when none was chosen. */
  file: { name: string; bytes: Buffer } | null;
};

export async function readImportUpload(
  request: Request,
  contentType: string,
  { idleMs = UPLOAD_READ_LIMITS.idleMs }: { idleMs?: number } = {},
): Promise<ImportUpload | UploadProblem> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fieldSize: IMPORT_UPLOAD_LIMITS.fieldBytes,
        fields: 10,
        files: 1,
        parts: 12,
        fileSize: IMPORT_UPLOAD_LIMITS.fileBytes,
        fieldNameSize: 100,
      },
    });
  } catch {
    return { kind: "malformed" };
  }
  const fields: [string, string][] = [];
  let file: ImportUpload["file"] = null;
  let problem: UploadProblem | null = null;
  const fail = (p: UploadProblem) => {
    problem ??= p;
  };
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) fail({ kind: "too-large" });
    else fields.push([name, value]);
  });
  parser.on("file", (name, stream, info) => {
    stream.on("error", () => {});
    if (name !== IMPORT_FILE_FIELD) {
      fail({ kind: "unexpected-file", field: name });
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    stream.on("limit", () => {
      chunks.length = 0;
      fail({ kind: "too-large" });
    });
    stream.on("end", () => {
      // An empty file input sends one part with no name and no bytes: no file at all.
      if (problem || (!info.filename && size === 0)) return;
      file = { name: (info.filename || "customers.csv").slice(0, 200), bytes: Buffer.concat(chunks, size) };
    });
  });
  parser.on("partsLimit", () => fail({ kind: "too-large" }));
  parser.on("filesLimit", () => fail({ kind: "too-large" }));
  parser.on("fieldsLimit", () => fail({ kind: "too-large" }));
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  finished.catch(() => {});
  try {
    await pump(
      request,
      parser,
      contentType,
      idleMs,
      () => problem,
      () => null,
      IMPORT_UPLOAD_LIMITS.fileBytes + 64 * KB,
    );
    parser.end();
    await finished;
  } catch (error) {
    parser.destroy();
    if (error instanceof Stop) return error.problem;
    return problem ?? { kind: "malformed" };
  }
  return problem ?? { fields, file };
}
