// Stands in for the sanitize-html package (and postcss, htmlparser2 … under it: a quarter of
// the page script) where @jupyter-widgets/base-manager cleans a widget description written
// with description_allow_html. Same rules, through the browser's own HTML parser: only the
// allowed tags and attributes stay; other tags are unwrapped (their text stays), and script,
// style, textarea, option and noscript go with their content; links and images keep only
// http(s), ftp, mailto and tel addresses, as sanitize-html does by default.
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEXTAREA', 'OPTION', 'NOSCRIPT']);
const SCHEMES = /^(https?|ftp|mailto|tel):/i;

function allowedAttribute(tag, name, allowed) {
  const names = [...(allowed['*'] || []), ...(allowed[tag] || [])];
  return names.some((n) => (n.endsWith('*') ? name.startsWith(n.slice(0, -1)) : n === name));
}

function clean(node, tags, attributes) {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const tag = child.tagName.toLowerCase();
      if (DROPPED.has(child.tagName)) {
        child.remove();
        continue;
      }
      clean(child, tags, attributes);
      if (!tags.includes(tag)) {
        child.replaceWith(...child.childNodes);
        continue;
      }
      for (const { name, value } of [...child.attributes]) {
        const link = name === 'href' || name === 'src';
        const relative = !/^[a-z][a-z0-9+.-]*:/i.test(value.trim());
        if (!allowedAttribute(tag, name, attributes) || (link && !relative && !SCHEMES.test(value.trim()))) {
          child.removeAttribute(name);
        }
      }
    }
  }
}

export default function sanitize(html, { allowedTags = [], allowedAttributes = {} } = {}) {
  const template = document.createElement('template');
  template.innerHTML = html;
  clean(template.content, allowedTags, allowedAttributes);
  const div = document.createElement('div');
  div.appendChild(template.content);
  return div.innerHTML;
}
