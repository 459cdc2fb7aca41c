// A job step's refusal in the owner's words, with its HTTP status (the routes show the words, never a stack).
export class JobRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
