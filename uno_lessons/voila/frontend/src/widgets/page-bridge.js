// PageBridge's view (uno_lessons/widgets/page.py): the few page things ipywidgets cannot do,
// carried out as the kernel says: the page title, the address bar's query, keyboard focus,
// two persistent live regions for announcements, ARIA kept on the widgets by CSS selector, and
// on Voilà pages the main landmark, the lesson's language and the _xsrf cookie.
function region(id, politeness) {
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement("div");
    el.id = id;
    el.className = "uno-sr-only";
    el.setAttribute("aria-live", politeness);
    el.setAttribute("role", politeness === "assertive" ? "alert" : "status");
    el.setAttribute("aria-atomic", "true");
    el.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;" +
      "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0;";
    document.body.appendChild(el);
  }
  return el;
}
function usable(el) {
  return !!el && el.isConnected && !el.disabled && el.getClientRects().length > 0;
}
// The element that last had focus, to tell "focus was lost" (it was removed, hidden or
// disabled, and the body has focus now) from "focus was never here" (a page just opened).
if (!window.__unoFocusWatch) {
  window.__unoFocusWatch = true;
  window.__unoLastFocus = null;
  document.addEventListener("focusin", (e) => { window.__unoLastFocus = e.target; }, true);
}
function mayMove(onlyFrom) {
  if (onlyFrom === null || onlyFrom === undefined) return true;
  const a = document.activeElement;
  if (a && a !== document.body && a !== document.documentElement && usable(a)) {
    return onlyFrom !== "" && !!a.closest(onlyFrom);
  }
  const last = window.__unoLastFocus;
  return last !== null && last !== document.body && !usable(last);
}
function focusLater(selector, tries, onlyFrom) {
  const el = document.querySelector(selector);
  if (usable(el)) {
    if (mayMove(onlyFrom)) {
      el.focus({ preventScroll: false });
      // A question with several answers (the wild's colours): all of it on screen, not only
      // the first answer (on a phone the rest would sit below the fold).
      const group = el.closest('.uno-picker');
      if (group) group.scrollIntoView({ block: 'nearest' });
    }
    return;
  }
  if (tries > 0) setTimeout(() => focusLater(selector, tries - 1, onlyFrom), 60);
}
function applyAria(rules) {
  for (const [selector, attrs] of Object.entries(rules || {})) {
    for (const node of document.querySelectorAll(selector)) {
      for (const [name, value] of Object.entries(attrs)) {
        if (value === null) { if (node.hasAttribute(name)) node.removeAttribute(name); }
        else if (node.getAttribute(name) !== String(value)) node.setAttribute(name, String(value));
      }
    }
  }
}
function landmarks() {
  // Voilà's template puts every cell in #rendered_cells and has no <main>.
  if (document.querySelector("main, [role=main]")) return;
  const cells = document.getElementById("rendered_cells");
  if (cells) cells.setAttribute("role", "main");
}
// A Voilà lesson page opened with ?lang=xx shows that lesson's translation (notebooks/xx/…),
// when there is one: the markdown of a page cannot change language after it was rendered.
function followLanguage() {
  const params = new URLSearchParams(window.location.search);
  const lang = (params.get("lang") || "").toLowerCase();
  const path = window.location.pathname;
  const m = path.match(/^(.*\/voila\/render\/)(?:(en|nl|sr|ms)\/)?([^/]+\.ipynb)$/);
  if (!lang || !m || (m[2] || "en") === lang || window.__unoFollowed) return;
  window.__unoFollowed = true;
  const target = m[1] + (lang === "en" ? "" : lang + "/") + m[3] + window.location.search;
  fetch(m[1].replace("/voila/render/", "/voila/tree/") + (lang === "en" ? "" : lang + "/"), { method: "GET" })
    .then((r) => { if (r.ok) return r.text(); throw new Error(); })
    .then((listing) => { if (listing.includes(m[3])) window.location.replace(target); })
    .catch(() => {});
}
// Voilà asks the server to shut a page's kernel down when the page closes (a beacon that
// carries the _xsrf cookie), but its render page never sets that cookie, so the server refuses
// the request and every closed tab leaves its kernel running. A token of the page's own
// (tornado's double-submit check compares the cookie with the beacon's copy of it) lets the
// beacon through. JupyterLab sets the cookie itself, so this is for Voilà pages only.
function xsrfCookie() {
  if (!document.body || !document.body.dataset.voila || /(^|;\s*)_xsrf=/.test(document.cookie)) return;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  document.cookie = "_xsrf=" + hex + "; path=/; SameSite=Strict";
}
export default {
  render({ model, el }) {
    el.classList.add("uno-page-bridge");
    xsrfCookie();
    landmarks();
    if (model.get("follow_language")) followLanguage();
    model.set("query", window.location.search.replace(/^\?/, ""));
    model.set("base", window.location.origin + window.location.pathname);
    model.save_changes();
    // ARIA that ipywidgets cannot set (roles, states, names), declared in Python by CSS
    // selector and kept on the page as widgets redraw.
    let queued = false;
    const reapply = () => { queued = false; applyAria(model.get("aria")); };
    new MutationObserver(() => { if (!queued) { queued = true; requestAnimationFrame(reapply); } })
      .observe(document.body, { subtree: true, childList: true, attributes: true,
                                attributeFilter: ["class", "disabled"] });
    model.on("change:aria", reapply);
    reapply();
    const title = () => { if (model.get("title")) document.title = model.get("title"); };
    title();
    model.on("change:title", title);
    region("uno-live-polite", "polite");
    region("uno-live-assertive", "assertive");
    model.on("msg:custom", (msg) => {
      if (msg.cmd === "focus") {
        setTimeout(() => focusLater(msg.selector, 25, msg.only_from), 30);
      } else if (msg.cmd === "announce") {
        const r = region(msg.assertive ? "uno-live-assertive" : "uno-live-polite",
                         msg.assertive ? "assertive" : "polite");
        // Updated in place; a repeated sentence is re-announced by clearing it first.
        if (r.textContent === msg.text) { r.textContent = ""; }
        setTimeout(() => { r.textContent = msg.text; }, 40);
      } else if (msg.cmd === "url") {
        const url = window.location.pathname + (msg.query ? "?" + msg.query : "") + window.location.hash;
        window.history.replaceState(null, "", url);
        model.set("query", msg.query); model.save_changes();
      }
    });
  },
};
