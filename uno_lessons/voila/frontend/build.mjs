// Builds from src/ (node build.mjs):
// - ../templates/uno/static/uno-page.{js,css}: the Voilà page's front end (src/index.js);
// - ../../widgets/static/: what the kernel's widgets send to the page, in JupyterLab as in
//   Voilà (src/widgets/): the anywidget modules page-bridge.js, hand.js and choice.js with
//   hand.css and choice.css; and the stylesheets Python reads once per kernel and sends in a
//   <style> block: dashboard.css (dashboard/style.py), lesson.css (lessons/_common.py) and
//   render.css (render/style.py, the pictures' uno- classes).
// - ../templates/uno/static/maths/: KaTeX (npm package katex, MIT licence, its LICENSE copied
//   beside it) for the pages' and the feedback files' maths: maths.js (src/maths.js with KaTeX
//   and its auto-render), katex.css naming only the woff2 fonts (every browser the target
//   names reads them) and fonts/*.woff2.
// The built files are committed, so installing uno_lessons needs no Node. Their first line
// records a hash of src/, package-lock.json and this file; tests/test_frontend.py checks it.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const out = join(here, '../templates/uno/static');
const widgetsOut = join(here, '../../widgets/static');
const target = ['chrome100', 'firefox100', 'safari15'];

function sourceHash() {
  const hash = createHash('sha256');
  // Every file under src/, by its path with '/' (the order tests/test_frontend.py sorts in).
  const files = readdirSync(join(here, 'src'), { recursive: true })
    .map((f) => join('src', f).split('\\').join('/'))
    .filter((f) => statSync(join(here, f)).isFile())
    .sort();
  for (const file of [...files, 'package-lock.json', 'build.mjs']) {
    hash.update(file + '\0' + readFileSync(join(here, file)) + '\0');
  }
  return hash.digest('hex');
}

// anywidget ships its widget classes as one AMD module; turn that into an ES module.
const anywidgetAmd = {
  name: 'anywidget-amd',
  setup(b) {
    b.onResolve({ filter: /^anywidget-amd$/ }, () => ({
      path: join(here, 'node_modules/anywidget/dist/index.js'),
      namespace: 'anywidget-amd',
    }));
    b.onLoad({ filter: /.*/, namespace: 'anywidget-amd' }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(
        /define\(\["@jupyter-widgets\/base"\], widget_default\);\s*$/,
        'export default widget_default;'
      ),
      resolveDir: join(here, 'node_modules/anywidget/dist'),
    }));
  },
};

// sanitize-html brings postcss and a whole HTML parser; the browser has one (src/sanitize.js).
const sanitizeHtml = {
  name: 'sanitize-html',
  setup(b) {
    b.onResolve({ filter: /^sanitize-html$/ }, () => ({ path: join(here, 'src/sanitize.js') }));
  },
};

await build({
  entryPoints: { 'uno-page': join(here, 'src/index.js') },
  bundle: true,
  minify: true,
  format: 'iife',
  target,
  outdir: out,
  loader: { '.woff': 'dataurl', '.woff2': 'dataurl', '.svg': 'dataurl' },
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [anywidgetAmd, sanitizeHtml],
  legalComments: 'linked',
  logLevel: 'warning',
});
// The widgets' files are loaded as they are (an anywidget module, a stylesheet): each one
// minified on its own, nothing bundled, the modules kept ES modules.
const widgetFiles = [
  { in: 'page-bridge.js', out: 'page-bridge' },
  { in: 'hand.js', out: 'hand' },
  { in: 'hand.css', out: 'hand' },
  { in: 'choice.js', out: 'choice' },
  { in: 'choice.css', out: 'choice' },
  { in: 'dashboard.css', out: 'dashboard' },
  { in: 'lesson.css', out: 'lesson' },
  { in: 'render.css', out: 'render' },
];
await build({
  entryPoints: widgetFiles.map((f) => ({ in: join(here, 'src/widgets', f.in), out: f.out })),
  minify: true,
  format: 'esm',
  target,
  outdir: widgetsOut,
  logLevel: 'warning',
});

// KaTeX, served from the page template's static folder: nothing is fetched from a CDN.
const maths = join(out, 'maths');
const katex = join(here, 'node_modules/katex');
rmSync(maths, { recursive: true, force: true });
mkdirSync(join(maths, 'fonts'), { recursive: true });
await build({
  entryPoints: { maths: join(here, 'src/maths.js') },
  bundle: true,
  minify: true,
  format: 'iife',
  target,
  outdir: maths,
  legalComments: 'none', // KaTeX's licence is the LICENSE file copied below
  logLevel: 'warning',
});
const woff2 = readdirSync(join(katex, 'dist/fonts')).filter((f) => f.endsWith('.woff2'));
for (const font of woff2) copyFileSync(join(katex, 'dist/fonts', font), join(maths, 'fonts', font));
const css = readFileSync(join(katex, 'dist/katex.min.css'), 'utf8')
  .replace(/,url\(fonts\/[\w-]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '');
if (/\.(?:woff|ttf)\)/.test(css) || !css.includes('.woff2)')) throw new Error('katex.min.css: unexpected font list');
writeFileSync(join(maths, 'katex.css'), css);
copyFileSync(join(katex, 'LICENSE'), join(maths, 'LICENSE-KaTeX.txt'));

const stamp = `/* uno_lessons front end, built from src/ sha256 ${sourceHash()} */\n`;
const built = [
  ...['uno-page.js', 'uno-page.css', 'maths/maths.js'].map((name) => join(out, name)),
  ...widgetFiles.map((f) => join(widgetsOut, f.out + f.in.slice(f.in.lastIndexOf('.')))),
];
for (const path of built) {
  writeFileSync(path, stamp + readFileSync(path, 'utf8'));
}
