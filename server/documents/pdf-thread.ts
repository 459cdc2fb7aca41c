// The inside of a PDF worker thread (pdf-in-worker.ts): pdfkit's work is synchronous, and a PDF with six photos takes
// tens of milliseconds, which 20 homeowners accepting at once must not wait behind. One job at a time.
import { getPriority, setPriority } from "node:os";
import { parentPort } from "node:worker_threads";

/**
 * Draws each job posted to this thread with `draw` and answers with its bytes, or with what went wrong. A warm-up
 * (PdfMaker.warm) runs `warm`, whose PDF is thrown away, and answers with no bytes.
 */
export function drawPdfsHere<Input>(draw: (input: Input) => Buffer, warm?: () => Buffer): void {
  parentPort?.on("message", ({ id, input, warmUp }: { id: number; input: Input; warmUp?: true }) => {
    try {
      if (warmUp) warm?.();
      const pdf = warmUp ? Buffer.alloc(0) : draw(input);
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      parentPort?.postMessage({ id, ok: true, pdf: bytes });
    } catch (error) {
      parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  });
}

/**
 * Lowers this thread's CPU priority by `steps` (Linux: a thread's nice value is its own): on a unit with two cores, a
 * PDF drawn beside the server's event loop then yields the CPU to it, and the loop answers while the PDF waits.
 */
export function yieldToTheServer(steps = 5): void {
  try {
    setPriority(0, Math.min(19, getPriority(0) + steps));
  } catch {
    // Not allowed here (another platform, a sandbox): the thread keeps the server's priority.
  }
}
