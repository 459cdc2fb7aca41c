// Debian's Chromium (never a downloaded browser), with the flags this machine's closed network needs.
import { chromium, type Browser } from "playwright-core";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_FLAGS] });
}
