// The one inline script every page runs (pinned by its hash in the CSP, see entry.server.tsx `inlineScripts`).
// Everything else on a page is HTML and CSS; this only adds what they cannot do (docs/decisions/0004-html-first.md):
// - the header condenses past 50 px, the scroll-to-top button shows past 500 px (spec §9);
// - a page restored from the back/forward cache comes back with its menus closed, like a new page;
// - 'Scroll to top' (smooth unless reduced motion is asked for) and the 404 page's 'Go Back' work;
// - after `load`, the full stylesheet (its URL in the script's data-css) is fetched: each page inlines the CSS it
//   uses, and this covers the rest.
// Both scripts are constants, so their CSP hashes never depend on a build.
// Budget: under 1 KB with the island loader (tests/e2e/budgets.spec.ts).

/** Scroll distance after which the header condenses and gains a shadow (spec §9). */
export const HEADER_CONDENSE_AT = 50;
/** Scroll distance after which the scroll-to-top button appears (spec §9). */
export const SCROLL_TO_TOP_AT = 500;

export const pageScript = `(function(){var d=document,c=d.currentScript.dataset.css,h=d.querySelector("header"),t=d.getElementById("to-top");function s(){var y=scrollY;h.toggleAttribute("data-condensed",y>${HEADER_CONDENSE_AT});t.hidden=y<=${SCROLL_TO_TOP_AT}}addEventListener("scroll",s,{passive:true});s();addEventListener("pageshow",function(e){if(e.persisted){d.querySelectorAll(":popover-open").forEach(function(p){p.hidePopover()});d.querySelectorAll("header details").forEach(function(x){x.open=false})}});d.addEventListener("click",function(e){var a=e.target.closest("[data-action]");a&&(a.dataset.action=="back"?history.length>1?history.back():location.assign("/"):(scrollTo({top:0,behavior:matchMedia("(prefers-reduced-motion:reduce)").matches?"auto":"smooth"}),d.getElementById("top").focus({preventScroll:true})))});function l(){var k=d.createElement("link");k.rel="stylesheet";k.href=c;d.head.append(k)}d.readyState=="complete"?l():addEventListener("load",l)})()`;

/**
 * /contact only: loads the estimate form's island when the visitor shows intent (focus, pointer or touch on the
 * form) or once the page is loaded and the browser idle. The entry's URL is the script's data-entry.
 */
export const islandLoader = `(function(){var d=0,e=document.currentScript.dataset.entry,f=document.querySelector("[data-island]");function go(){if(d)return;d=1;import(e)}["focusin","pointerover","pointerdown","touchstart"].forEach(function(t){f&&f.addEventListener(t,go,{once:true,passive:true})});function idle(){window.requestIdleCallback?requestIdleCallback(go,{timeout:3000}):setTimeout(go,500)}document.readyState=="complete"?idle():addEventListener("load",idle)})()`;
