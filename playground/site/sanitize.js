// The filter between rendered HTML and the page.
//
// Rendered HTML reaches the page from code the reader may not have written: a shared link's
// snippet can call show({toHtml: () => "..."}) or throw an error with an `html` field. So
// the page does not insert that HTML. It parses it into an inert document (DOMParser: no
// script runs, nothing loads) and builds fresh nodes in the page with createElementNS,
// copying only what the crate's renderers produce:
//   notebook/src/html.rs   tables, cards, error boxes, hex dumps, the .culib wrapper
//   notebook/src/chart.rs  plotters' SVG backend (svg, rect, line, polyline, polygon,
//                          circle, text) with presentation attributes
//   core/src/display/      <div class="chart" tabindex="0">, <div>, <code>
// Every other element is dropped with its content; every other attribute is dropped; the
// kept attributes must match a strict pattern for their value (numbers, point lists, hex
// colours, a few keywords), so no value can carry url(), image-set(), an escape or a
// scheme. No style attribute and no <style> element is kept: the renderers' one stylesheet
// (html.rs STYLE, scoped to .culib) is served as culib.css, built from that constant by
// scripts/playground.sh. Class names are kept only from the renderers' own set, so output
// cannot borrow the page's classes (say .drop, a full-page overlay). Nothing is serialised
// back to a string, so no re-parse can change what was checked.
//
// The Content-Security-Policy in index.html is the second wall: if something got through
// here, the browser would still refuse to load it or to apply inline styles.

const HTML = "http://www.w3.org/1999/xhtml";
const SVG = "http://www.w3.org/2000/svg";

const number = /^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;
const is = (re) => (v) => re.test(v);
const oneOf = (...words) => (v) => words.includes(v);
const NUM = is(number);
// Words for a screen reader (set as an attribute, never parsed): no control characters.
const LABEL = is(/^[^\u0000-\u001f]{0,300}$/);
// hsl() with plain numbers only: the tensor map's swizzle picture colours chunks by hue.
const COLOUR = is(/^(none|currentColor|#[0-9a-f]{3}|#[0-9a-f]{6}|hsl\(\d{1,3},\d{1,3}%,\d{1,3}%\))$/i);
// A list of font family names ("ui-monospace,monospace"): letters, spaces, hyphens, commas.
const FONTS = is(/^[a-z][a-z ,-]*$/i);
const POINTS = is(/^\s*(-?[\d.]+,-?[\d.]+\s*)*$/);
const VIEWBOX = (v) => {
  const parts = v.trim().split(/[\s,]+/);
  return parts.length === 4 && parts.every((p) => number.test(p));
};

// The class names the renderers use (html.rs, chart.rs, display.rs).
const CLASSES = new Set(
  "culib culib-chart chart card badge gpu sim info note error what hint hex sub mono l r caption".split(" "),
);

const SHAPE = { opacity: NUM, fill: COLOUR, stroke: COLOUR, "stroke-width": NUM, "stroke-opacity": NUM };

// namespace -> element -> attribute -> value check. `class` is handled for every element.
const ALLOWED = {
  [HTML]: Object.fromEntries(
    "div span code pre figure figcaption table caption thead tbody tr td h3 dl dt dd details summary"
      .split(" ")
      .map((t) => [t, {}])
      .concat([
        ["th", { scope: oneOf("col", "row") }],
        // A chart's box scrolls sideways on a phone, so it is a tab stop.
        ["div", { tabindex: oneOf("0") }],
      ]),
  ),
  [SVG]: {
    svg: {
      width: NUM,
      height: NUM,
      viewBox: VIEWBOX,
      role: oneOf("img"),
      "aria-label": LABEL,
      "font-family": FONTS,
      "font-size": NUM,
    },
    // The chart's accessible name; its text becomes a text node like any other.
    title: {},
    rect: { x: NUM, y: NUM, width: NUM, height: NUM, ...SHAPE },
    line: { x1: NUM, y1: NUM, x2: NUM, y2: NUM, ...SHAPE },
    polyline: { points: POINTS, ...SHAPE },
    polygon: { points: POINTS, ...SHAPE },
    circle: { cx: NUM, cy: NUM, r: NUM, ...SHAPE },
    text: {
      x: NUM,
      y: NUM,
      dy: is(/^-?(\d+(\.\d*)?|\.\d+)(em|ex|px)?$/),
      "text-anchor": oneOf("start", "middle", "end"),
      "font-family": FONTS,
      "font-size": NUM,
      "font-weight": oneOf("normal", "bold"),
      "font-style": oneOf("normal", "italic", "oblique"),
      transform: is(/^rotate\(\s*-?[\d.]+(\s*,\s*-?[\d.]+){0,2}\s*\)$/),
      opacity: NUM,
      fill: COLOUR,
    },
  },
};

// Attributes the renderers write that mean nothing once the element exists (plotters'
// xmlns on <svg>): left out without being counted as dropped.
const IGNORED = new Set(["xmlns", "xmlns:xlink"]);

// Parses `html` and returns {nodes, dropped}: nodes of this document holding only the
// allowed elements, attributes and text; `dropped` names what was left out (`<style>`,
// `div[style]`, ...), for the tests.
export function sanitize(html) {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, "text/html");
  const dropped = [];
  const copy = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.data);
    if (node.nodeType !== Node.ELEMENT_NODE) return null; // comments, processing instructions
    const name = node.localName;
    const attrs = ALLOWED[node.namespaceURI]?.[name];
    if (!attrs || !Object.hasOwn(ALLOWED[node.namespaceURI], name)) {
      dropped.push(`<${name}>`);
      return null;
    }
    const el = document.createElementNS(node.namespaceURI, name);
    for (const a of node.attributes) {
      if (a.namespaceURI === null && a.name === "class") {
        const keep = a.value.split(/\s+/).filter((c) => CLASSES.has(c));
        if (keep.length) el.setAttribute("class", keep.join(" "));
        if (keep.length !== a.value.split(/\s+/).filter(Boolean).length) dropped.push(`${name}[class=${a.value}]`);
        continue;
      }
      const check = a.namespaceURI === null && Object.hasOwn(attrs, a.name) ? attrs[a.name] : null;
      if (check && check(a.value)) el.setAttribute(a.name, a.value);
      else if (!IGNORED.has(a.name)) dropped.push(`${name}[${a.name}]`);
    }
    for (const child of node.childNodes) {
      const c = copy(child);
      if (c) el.append(c);
    }
    return el;
  };
  const nodes = [];
  for (const child of doc.body.childNodes) {
    const c = copy(child);
    if (c) nodes.push(c);
  }
  for (const child of doc.head.children) dropped.push(`<${child.localName}>`);
  return { nodes, dropped };
}
