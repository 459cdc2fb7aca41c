// The console's help (content/help.md), read with the rest of the content at run time (decision 0027).
import { contentText } from "~/content/files";

export function helpMarkdown(): string {
  return contentText("/content/help.md") ?? "";
}
