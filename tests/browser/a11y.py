"""Accessibility checks for pages in headless Chromium, shared by the lesson and dashboard tests.

* :func:`axe_violations` / :func:`assert_no_axe_violations`: axe-core (shipped by
  ``axe-playwright-python``) with the WCAG 2.0, 2.1 and 2.2 A and AA rules, on the whole page
  or a part of it; a failure lists each rule, its help text and the first nodes it found.
* :func:`reflow_problems`: text cut off, overlapping, off the page, or a box that scrolls
  sideways (WCAG 1.4.10), inside one element.
* :func:`focus_ring_problems`: a focused element without a visible focus indicator of at
  least 3:1 against what is behind it (WCAG 2.4.7 / 1.4.11).
* :func:`tab_to`: press Tab until a matching element has the focus (keyboard only).
* :func:`live_regions`: the page's live regions (there should be one polite, one assertive).
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

#: The axe-core tags of WCAG 2.0, 2.1 and 2.2, levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

_AXE = Axe()


def axe_violations(page, context: str | dict | None = None, tags: list[str] = WCAG_TAGS) -> list[dict]:
    """axe-core's violations on ``page`` (or inside the CSS selector / axe context ``context``)."""
    options = {"runOnly": {"type": "tag", "values": list(tags)}, "resultTypes": ["violations"]}
    return _AXE.run(page, context=context, options=options).response["violations"]


def format_violations(violations: list[dict], nodes: int = 3) -> str:
    """One line per rule (id, impact, help, node count), then its first ``nodes`` nodes."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} node(s)")
        for node in v["nodes"][:nodes]:
            summary = " ".join(node.get("failureSummary", "").split())
            lines.append(f"    {node['target']}: {summary[:220]}")
    return "\n".join(lines)


def assert_no_axe_violations(page, what: str, context: str | dict | None = None) -> list[dict]:
    """Fail with a readable list when axe finds a WCAG A/AA violation; returns the (empty) list."""
    found = axe_violations(page, context)
    assert not found, f"axe-core found {len(found)} WCAG A/AA violation(s) on {what}:\n{format_violations(found)}"
    return found


REFLOW_JS = r"""
(root) => {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw + 1)
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
  // WCAG 1.4.10 excepts data tables: one in a named, focusable scrolling region may scroll.
  const tableRegion = (el) => el.closest('[role=region][tabindex="0"]');
  // The part of a text one can see: inside every scrolling box of ``root`` around it (a
  // scrolled log's older lines lie outside its box, hidden, not over what is next to it).
  const shown = (el, r) => {
    let x0 = r.left, x1 = r.right, y0 = r.top, y1 = r.bottom;
    for (let a = el; a && a !== root.parentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (!["auto", "scroll"].includes(cs.overflowX) && !["auto", "scroll"].includes(cs.overflowY)) continue;
      const b = a.getBoundingClientRect();
      x0 = Math.max(x0, b.left); x1 = Math.min(x1, b.right); y0 = Math.max(y0, b.top); y1 = Math.min(y1, b.bottom);
    }
    return x1 - x0 >= 1 && y1 - y0 >= 1 ? { left: x0, right: x1, top: y0, bottom: y1 } : null;
  };
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (el.closest("svg, style, script, .uno-sr-only, [hidden]")) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || cs.display === "none") continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      if (r.width >= 1 && r.height >= 1) texts.push({ el, r, vis: shown(el, r), text: n.textContent.trim().slice(0, 40) });
    }
  }
  const clippedBy = (el, r) => {
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === "visible" && cs.overflowY === "visible") continue;
      // Text inside a scrolling box can be scrolled to: its sideways scrolling is checked below.
      if (["auto", "scroll"].includes(cs.overflowX) || ["auto", "scroll"].includes(cs.overflowY)) return null;
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) return a;
    }
    return null;
  };
  for (const t of texts) {
    const region = tableRegion(t.el);
    const reachable = region && region.getBoundingClientRect().right <= vw + 1;
    if (!reachable && (t.r.left < -1 || t.r.right > vw + 1))
      problems.push(`"${t.text}" runs off the page (${Math.round(t.r.left)}..${Math.round(t.r.right)} of ${vw})`);
    const c = clippedBy(t.el, t.r);
    if (c) problems.push(`"${t.text}" is cut off by ${c.tagName}.${String(c.className).slice(0, 60)}`);
    if (getComputedStyle(t.el).textOverflow === "ellipsis" && t.el.scrollWidth > t.el.clientWidth + 1)
      problems.push(`"${t.text}" is cut short with an ellipsis`);
  }
  for (const el of [root, ...root.querySelectorAll("*")]) {
    if (el.closest("svg, .uno-sr-only")) continue;  // visually hidden text is clipped on purpose
    const cs = getComputedStyle(el);
    if (cs.overflowX === "visible" || cs.display === "none") continue;
    if (el.matches('[role=region][tabindex="0"]') && el.querySelector("table")) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      problems.push(`${el.tagName}.${String(el.className).slice(0, 60)} scrolls sideways ` +
                    `(${el.scrollWidth} > ${el.clientWidth})`);
  }
  for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
    const a = texts[i], b = texts[j];
    if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el) || !a.vis || !b.vis) continue;
    const w = Math.min(a.vis.right, b.vis.right) - Math.max(a.vis.left, b.vis.left);
    const h = Math.min(a.vis.bottom, b.vis.bottom) - Math.max(a.vis.top, b.vis.top);
    if (w > 2 && h > 2) problems.push(`"${a.text}" overlaps "${b.text}"`);
  }
  return problems;
}
"""


def reflow_problems(locator) -> list[str]:
    """What does not reflow inside ``locator``'s element: cut, overlapping or off-page text,
    boxes that scroll sideways (data tables in a focusable region excepted)."""
    return locator.evaluate(REFLOW_JS)


FOCUS_RING_JS = r"""
(inside) => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const rgb = (s) => { const m = s.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  // What is behind the ring: the first opaque background outside the element.
  let bg = { r: 255, g: 255, b: 255, a: 1 };
  for (let a = el.parentElement; a; a = a.parentElement) {
    const c = rgb(getComputedStyle(a).backgroundColor);
    if (c && c.a > 0.9) { bg = c; break; }
  }
  const cs = getComputedStyle(el);
  const width = parseFloat(cs.outlineWidth) || 0;
  const color = rgb(cs.outlineColor);
  const label = (el.getAttribute("aria-label") || el.textContent || el.tagName).trim().slice(0, 40);
  const again = el.dataset.unoTabbed === "1";
  el.dataset.unoTabbed = "1";
  return { label, tag: el.tagName, style: cs.outlineStyle, width, again,
           contrast: color ? ratio(color, bg) : 0, inside: !!el.closest(inside) };
}
"""


def focused_ring(page, inside: str = ".uno-lesson") -> dict | None:
    """The focused element's name, outline style, width and contrast against its background
    (and whether it is ``inside`` an element matching that CSS selector)."""
    return page.evaluate(FOCUS_RING_JS, inside)


def focus_ring_problems(page, presses: int = 120, inside: str = ".uno-lesson") -> tuple[int, list[str]]:
    """Tab through the page from the top; for every stop inside a lesson widget (or whatever
    ``inside`` selects, e.g. ".uno-dash"), check a visible focus indicator (a solid outline of
    at least 2 px at 3:1 or more). Returns the number of stops seen there and the problems."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);"
                  " document.querySelectorAll('[data-uno-tabbed]').forEach(e => delete e.dataset.unoTabbed); }")
    seen, problems = 0, []
    for _ in range(presses):
        page.keyboard.press("Tab")
        ring = focused_ring(page, inside)
        if ring is None or not ring["inside"]:
            continue
        if ring["again"]:
            break  # went round the page once
        seen += 1
        if ring["style"] in ("none", "hidden") or ring["width"] < 2 or ring["contrast"] < 3:
            problems.append(f"{ring['tag']} {ring['label']!r}: outline {ring['style']} {ring['width']}px, "
                            f"contrast {ring['contrast']:.2f}")
    return seen, problems


def tab_to(page, predicate_js: str, presses: int = 150) -> None:
    """Press Tab until ``predicate_js`` (a JS function of the focused element) is true."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const el = document.activeElement; return !!el && ({predicate_js})(el); }}"):
            return
    raise AssertionError(f"Tab never reached an element with {predicate_js}")


def live_regions(page) -> list[dict]:
    """Every live region on the page (aria-live, or role status / alert / log)."""
    return page.evaluate("""() => [...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]')]
        .map(e => ({ id: e.id, live: e.getAttribute('aria-live'), role: e.getAttribute('role'),
                     text: e.textContent }))""")
