import { expect, type Locator, type Page } from "@playwright/test";

export const PHONE = "(309) 555-0134";
export const PHONE_HREF = "tel:3095550134";

/**
 * Opens a page and waits until its interactive parts (islands) have hydrated. A public island waits for the
 * visitor's first interaction (decision 0023): a focus event inside it stands for that, without moving focus.
 * Stories about what happens before that interaction use page.goto.
 */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
}

export async function waitForIslands(page: Page) {
  // In the page, in one go: a locator per island would wait (up to the test's timeout) for one that hydrated
  // meanwhile, since it no longer matches :not([data-hydrated]).
  await page.evaluate(() => {
    for (const island of document.querySelectorAll("[data-island]:not([data-hydrated])"))
      island.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  });
  await expect(page.locator("[data-island]:not([data-hydrated])")).toHaveCount(0);
}

export function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 640;
}

/** Waits until every CSS animation has ended (a menu opening, a header condensing), however long a busy machine takes. */
export async function animationsDone(page: Page) {
  // Two frames first, so an animation the last action started has begun.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

export async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

/**
 * Whether a disclosure is open, whatever native control it is: a <summary> (its <details>), a popover button
 * (its popover), or a button with aria-expanded.
 */
export async function expectExpanded(trigger: Locator, expanded: boolean) {
  await expect
    .poll(() =>
      trigger.evaluate((el) => {
        if (el.tagName === "SUMMARY") return (el.parentElement as HTMLDetailsElement).open;
        const popover = (el as HTMLButtonElement).popoverTargetElement;
        if (popover) return popover.matches(":popover-open");
        return el.getAttribute("aria-expanded") === "true";
      }),
    )
    .toBe(expanded);
}

/** The answer under an FAQ question (a <summary>): the rest of its <details>. */
export function answerOf(question: Locator) {
  return question.locator("xpath=following-sibling::*[1]");
}

/** What Chromium tells assistive technology about an element: its accessibility node's properties. */
export async function accessibilityState(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
  await cdp.detach();
  const node = nodes[0];
  return {
    name: node?.name?.value as string | undefined,
    expanded: node?.properties?.find((p) => p.name === "expanded")?.value.value as boolean | undefined,
  };
}
