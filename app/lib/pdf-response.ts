// A document's PDF as the answer to a GET (a quote's, an invoice's; the owner's and the homeowner's routes).
export function pdfResponse(file: { pdf: Buffer; name: string }): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.pdf.length),
      "Content-Disposition": `inline; filename="${file.name}"`,
    },
  });
}
