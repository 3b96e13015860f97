// Builds ../templates/uno/static/uno-page.{js,css} from src/ (node build.mjs).
// The built files are committed, so installing uno_lessons needs no Node. Their first line
// records a hash of src/ and package-lock.json; tests/test_frontend.py checks it.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const out = join(here, '../templates/uno/static');

function sourceHash() {
  const hash = createHash('sha256');
  const files = readdirSync(join(here, 'src')).sort().map((f) => join('src', f));
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
  target: ['chrome100', 'firefox100', 'safari15'],
  outdir: out,
  loader: { '.woff': 'dataurl', '.woff2': 'dataurl', '.svg': 'dataurl' },
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [anywidgetAmd, sanitizeHtml],
  legalComments: 'linked',
  logLevel: 'warning',
});
const stamp = `/* uno_lessons front end, built from src/ sha256 ${sourceHash()} */\n`;
for (const name of ['uno-page.js', 'uno-page.css']) {
  const path = join(out, name);
  writeFileSync(path, stamp + readFileSync(path, 'utf8'));
}
