// The maths of a page typeset with KaTeX, from the package's own files (no other host is
// asked for anything): $…$ and $$…$$ in the markdown cells, as the lessons write them, and
// \(…\) and \[…\] as JupyterLab also reads them. Built into static/maths/maths.js, which
// the page template loads (deferred) only on a notebook whose markdown has maths, and which
// nbgrader's feedback files carry inline (uno_lessons/voila/maths.py).
//
// KaTeX writes each formula twice: as MathML, which screen readers read, and as HTML drawn
// in KaTeX's fonts, hidden from them (aria-hidden).
import renderMathInElement from 'katex/contrib/auto-render';

const DELIMITERS = [
  { left: '$$', right: '$$', display: true },
  { left: '\\[', right: '\\]', display: true },
  { left: '$', right: '$', display: false },
  { left: '\\(', right: '\\)', display: false },
];

// Markdown cells only, as in JupyterLab: a "$5" printed by a cell's output stays text.
// .jp-MarkdownOutput: a Voilà page (nbconvert's lab template); .text_cell_render: a
// feedback file (nbconvert's classic template).
function typeset() {
  for (const cell of document.querySelectorAll('.jp-MarkdownOutput, .text_cell_render')) {
    renderMathInElement(cell, { delimiters: DELIMITERS, throwOnError: false });
  }
}

// Voilà streams the cells: a deferred script runs once the last one is in the page.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', typeset);
else typeset();
