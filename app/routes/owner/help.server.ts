// The console's help (content/help.md), bundled with the server build: it changes with the console, not the site.
import helpSource from "/content/help.md?raw";

export const HELP_MARKDOWN: string = helpSource;
