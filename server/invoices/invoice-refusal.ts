// What the owner or the homeowner asked for that cannot be done, with the words to show them and the status.
export class InvoiceRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
