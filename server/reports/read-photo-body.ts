// A photo's bytes as a plain POST body (decision 0054): at most `maxBytes` (a Content-Length over it is refused
// before a byte is read, a body that runs past it as soon as it does), and given up when nothing arrives for
// `idleMs`: a phone that lost its signal mid-upload sends the photo again; it is never waited for.
export type BodyProblem = "size" | "stalled" | "broken";

export async function readPhotoBody(
  request: Request,
  { maxBytes, idleMs }: { maxBytes: number; idleMs: number },
): Promise<Buffer | BodyProblem> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return "size";
  const reader = request.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = () =>
    new Promise<"stalled">((resolve) => {
      timer = setTimeout(() => resolve("stalled"), idleMs);
    });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), idle()]);
      clearTimeout(timer);
      if (next === "stalled") return "stalled";
      if (next.done) break;
      size += next.value.byteLength;
      if (size > maxBytes) return "size";
      chunks.push(next.value);
    }
  } catch {
    return "broken";
  } finally {
    clearTimeout(timer);
    // Whatever was not read is dropped: the connection's body is not kept waiting.
    reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks, size);
}
