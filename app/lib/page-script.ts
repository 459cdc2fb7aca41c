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
 * Pages with an island. On a public page (/contact) nothing is fetched until the visitor's first interaction with the
 * form (focus, pointer or key inside it); then the full stylesheet (data-css) and the island (data-entry) load. The
 * page costs no script time until then (decision 0023). A send that comes before the island is ready waits for it
 * and is then sent by the island, so the spec's toasts still show; if the island cannot load, the form posts without
 * it. Console pages (data-now) load at once: their buttons need the island.
 */
export const islandLoader = `(()=>{let d=document,o=d.currentScript.dataset,f=d.querySelector("[data-island]"),g,h=()=>"hydrated"in f.dataset,go=()=>g||(d.head.append(Object.assign(d.createElement("link"),{rel:"stylesheet",href:o.css})),g=import(o.entry));if(o.now!=null)return go();for(let t of["focusin","pointerdown","keydown"])f.addEventListener(t,go,{once:1,passive:1});f.addEventListener("submit",e=>{if(h())return;e.preventDefault();let m=e.target,b=e.submitter,n=0,w=()=>h()?m.requestSubmit(b):++n>150?m.submit():setTimeout(w,60);go().then(w,()=>m.submit())},1)})()`;
