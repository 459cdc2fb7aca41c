// The one inline script every page runs (pinned by its hash in the CSP, see entry.server.tsx `inlineScripts`).
// Everything else on a page is HTML and CSS; this only adds what they cannot do (docs/decisions/0008-html-first.md):
// - the header condenses past 50 px, the scroll-to-top button shows past 500 px (spec §9);
// - a page restored from the back/forward cache comes back with its menus closed, like a new page;
// - 'Scroll to top' (smooth unless reduced motion is asked for) and the 404 page's 'Go Back' work;
// - the first page of a visit and its referrer are kept in sessionStorage ("a") for the estimate form's attribution
//   (app/lib/attribution.ts): no cookie, gone when the tab closes;
// Each page inlines all the CSS its markup can use (app/lib/critical-css.ts), so no stylesheet is fetched; /contact,
// whose island renders new markup, fetches the full stylesheet after load (islandLoader).
// Nothing runs while the document is parsed: the script only registers for DOMContentLoaded, and reads the scroll
// position after a frame has been laid out (requestAnimationFrame, then a task), so it never forces a layout; it
// writes only when a state changes (docs/decisions/0012-parse-less-paint-first.md).
// Both scripts are constants (URLs come from data- attributes), so their CSP hashes never depend on a build.
// Budget: under 1 KB with the island loader (tests/e2e/budgets.spec.ts).

/** Scroll distance after which the header condenses and gains a shadow (spec §9). */
export const HEADER_CONDENSE_AT = 50;
/** Scroll distance after which the scroll-to-top button appears (spec §9). */
export const SCROLL_TO_TOP_AT = 500;

export const pageScript = `(()=>{let d=document,r=()=>{let h=d.querySelector("header"),t=d.getElementById("to-top"),c=0,u=1,s=()=>{let y=scrollY,a=y>${HEADER_CONDENSE_AT},b=y<=${SCROLL_TO_TOP_AT};a!=c&&h.toggleAttribute("data-condensed",c=a);b!=u&&(t.hidden=u=b)};addEventListener("scroll",s,{passive:!0});requestAnimationFrame(()=>setTimeout(s));try{sessionStorage.a||(sessionStorage.a=JSON.stringify([location.pathname+location.search,d.referrer]))}catch(e){}addEventListener("pageshow",e=>{e.persisted&&d.querySelectorAll(":popover-open,header details[open]").forEach(x=>x.open?x.open=!1:x.hidePopover())});d.addEventListener("click",e=>{let a=e.target.closest("[data-action]");a&&(a.dataset.action=="back"?history.length>1?history.back():location.assign("/"):(scrollTo({top:0,behavior:matchMedia("(prefers-reduced-motion:reduce)").matches?"auto":"smooth"}),d.getElementById("top").focus({preventScroll:!0})))})};d.readyState=="loading"?d.addEventListener("DOMContentLoaded",r):r()})()`;

/**
 * /contact only: after load, fetches the full stylesheet (data-css) without blocking anything; loads the estimate
 * form's island (data-entry) when the visitor shows intent (focus, pointer or touch on the form) or when the browser
 * is idle after load.
 */
export const islandLoader = `(()=>{let d=document,o=d.currentScript.dataset,f=d.querySelector("[data-island]"),g=0,go=()=>g||(g=import(o.entry));["focusin","pointerover","pointerdown","touchstart"].forEach(t=>f.addEventListener(t,go,{once:!0,passive:!0}));let l=()=>{let k=d.createElement("link");k.rel="stylesheet";k.href=o.css;d.head.append(k);window.requestIdleCallback?requestIdleCallback(go,{timeout:3e3}):setTimeout(go,500)};d.readyState=="complete"?l():addEventListener("load",l)})()`;
