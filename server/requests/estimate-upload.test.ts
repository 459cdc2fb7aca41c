import { describe, expect, it } from "vitest";
import { partHeaderCleaner } from "./estimate-upload.ts";

describe("the part header cleaner", () => {
  const type = "multipart/form-data; boundary=XyZ";
  const body =
    '--XyZ\r\nContent-Disposition: form-data; name="photos"; filename="../a\u0001b\u001b.jpg"\r\n\r\n' +
    "\u0001\u0002 file bytes --Xy stay\r\n--XyZ--\r\n";

  it("replaces control characters in header lines only, however the body is cut into chunks", () => {
    const expected = body.replace("a\u0001b\u001b", "a_b_");
    for (const size of [1, 2, 3, 5, 7, 64, body.length]) {
      const clean = partHeaderCleaner(type);
      const bytes = Buffer.from(body, "latin1");
      const out: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) out.push(clean(bytes.subarray(i, i + size)));
      out.push(clean(null));
      expect(Buffer.concat(out).toString("latin1")).toBe(expected);
    }
  });
});
