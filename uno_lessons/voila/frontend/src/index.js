// The uno_lessons page front end: what a Voilà page needs to show a notebook's outputs and
// its live ipywidgets, and nothing else.
//
// Why not Voilà's own front end: it is a JupyterLab application (about 5 MB of JavaScript in
// 60+ chunks, all federated lab extensions, a theme manager, every mime renderer). On a
// school laptop or beside a busy server its parse-and-run time alone is two seconds before
// the first widget can appear. This file does the same job for these pages: it renders the
// outputs Voilà executed on the server, connects to the page's kernel, loads the widget
// models from it, and draws their views with the ipywidgets 8 controls. Every message still
// goes through Voilà's kernel websocket, so the server decides exactly as before.
import * as base from '@jupyter-widgets/base';
import { ManagerBase } from '@jupyter-widgets/base-manager';
import * as controls from '@jupyter-widgets/controls';
import { CommsOverSubshells } from '@jupyterlab/services/lib/kernel/comm';
import { KernelConnection } from '@jupyterlab/services/lib/kernel/default';
import { ServerConnection } from '@jupyterlab/services/lib/serverconnection';
import { Widget } from '@lumino/widgets';
import anywidget from 'anywidget-amd';

import { ConnectionNotice } from './connection';
import { installReviewKeys } from './review_keys';

import '@jupyter-widgets/controls/css/widgets-base.css';
import './page.css';

const WIDGET_VIEW = 'application/vnd.jupyter.widget-view+json';

/** Where a widget's model class cannot be loaded (a package this page does not bundle), one
 * sentence in the page's language says so, as text a screen reader reads, instead of
 * ipywidgets' picture with an English "Click to show javascript error." */
class CannotShowView extends base.DOMWidgetView {
  render() {
    const line = document.createElement('p');
    line.className = 'uno-widget-error';
    line.textContent = cannotShow(this.model.get('error'));
    this.el.appendChild(line);
  }
}

const modules = {
  '@jupyter-widgets/base': { ...base, ErrorWidgetView: CannotShowView },
  '@jupyter-widgets/controls': controls,
  anywidget: anywidget(base),
};

/** A widget manager whose comms are the page kernel's comms. */
class PageWidgetManager extends ManagerBase {
  constructor(kernel) {
    super();
    this.kernel = kernel;
    kernel.registerCommTarget(this.comm_target_name, (comm, msg) =>
      this.handle_comm_open(new base.shims.services.Comm(comm), msg)
    );
  }

  async loadClass(className, moduleName, moduleVersion) {
    const module = modules[moduleName];
    if (module && module[className]) return module[className];
    throw Object.assign(new Error(`${className} from ${moduleName}@${moduleVersion} is not bundled`),
                        { widget: className, module: `${moduleName} ${moduleVersion}` });
  }

  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = this.kernel.createComm(targetName, modelId);
    if (data || metadata) comm.open(data, metadata, buffers);
    return new base.shims.services.Comm(comm);
  }

  async _get_comm_info() {
    const reply = await this.kernel.requestCommInfo({ target_name: this.comm_target_name });
    return reply.content.status === 'ok' ? reply.content.comms : {};
  }

  async display_view(view, el) {
    Widget.attach(view.luminoWidget, el);
  }
}

/** A text block, the way JupyterLab shows plain text and streams. */
function textNode(text, mime) {
  const pre = document.createElement('pre');
  pre.textContent = text;
  const div = document.createElement('div');
  div.className = 'jp-RenderedText';
  div.setAttribute('data-mime-type', mime);
  div.appendChild(pre);
  return div;
}

/** HTML output, with its scripts run as a notebook runs a trusted output's scripts. */
function htmlNode(html) {
  const div = document.createElement('div');
  div.className = 'jp-RenderedHTMLCommon jp-RenderedHTML';
  div.setAttribute('data-mime-type', 'text/html');
  div.innerHTML = html;
  for (const old of div.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const attr of old.attributes) script.setAttribute(attr.name, attr.value);
    script.textContent = old.textContent;
    old.replaceWith(script);
  }
  return div;
}

function imageNode(mime, data) {
  const div = document.createElement('div');
  div.className = 'jp-RenderedImage';
  if (mime === 'image/svg+xml') {
    div.innerHTML = data;
  } else {
    const img = document.createElement('img');
    img.src = `data:${mime};base64,${data.replace(/\n/g, '')}`;
    div.appendChild(img);
  }
  return div;
}

const join = (text) => (Array.isArray(text) ? text.join('') : text ?? '');

/** The node for one output that is not a widget (null when there is nothing to show). */
function staticNode(output) {
  if (output.output_type === 'stream') {
    return textNode(join(output.text), `application/vnd.jupyter.${output.name}`);
  }
  if (output.output_type === 'error') {
    return textNode(`${output.ename}: ${output.evalue}`, 'application/vnd.jupyter.stderr');
  }
  const data = output.data || {};
  if ('text/html' in data) return htmlNode(join(data['text/html']));
  for (const mime of ['image/svg+xml', 'image/png', 'image/jpeg']) {
    if (mime in data) return imageNode(mime, join(data[mime]));
  }
  if ('text/plain' in data) return textNode(join(data['text/plain']), 'text/plain');
  return null;
}

function outputHost(script) {
  const host = document.createElement('div');
  host.className = 'jp-OutputArea-output';
  script.replaceWith(host);
  return host;
}

function pageConfig() {
  const el = document.getElementById('jupyter-config-data');
  return el ? JSON.parse(el.textContent) : {};
}

/** Tell the server the page is gone, so its kernel stops at once (Voilà's own route). */
function shutdownOnUnload(baseUrl, kernel) {
  window.addEventListener('beforeunload', () => {
    const form = new FormData();
    const match = document.cookie.match('\\b_xsrf=([^;]*)\\b');
    form.append('_xsrf', (match && match[1]) || '');
    navigator.sendBeacon(`${baseUrl}voila/api/shutdown/${kernel.id}`, form);
    kernel.dispose();
  });
}

/** Why a widget is not shown, in the page's language (the template's words, see
 * uno_lessons/voila/words.py; English on a page without them). */
function cannotShow(error) {
  const words = window.unoPage?.words ?? {};
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, key) => values[key] ?? whole);
  if (error && error.widget) {
    return fill(words.missing_widget ?? 'This page cannot show the widget {name} ({module}).',
                { name: error.widget, module: error.module });
  }
  return fill(words.broken_widget ?? 'This widget could not be shown: {error}', { error: String(error) });
}

/** A named moment of this page's start, for benchmarks/dashboard_speed.py. */
const mark = (name) => performance.mark(`uno:${name}`);

/** Resolves once the page has been parsed to its end (every cell has run on the server). */
const domReady = new Promise((resolve) => {
  if (document.readyState !== 'loading') resolve();
  else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
});

// The page loads this script async: it is parsed and run as soon as it has arrived, while the
// server is still running the notebook, instead of after the last cell (about 0.2 s of a
// school laptop's time before the page could start). It joins the kernel once every cell has
// run, as before: joining earlier made the server send the page every widget twice.
async function main() {
  mark('script');
  await domReady;
  installReviewKeys();
  const config = pageConfig();
  const baseUrl = config.baseUrl || '/';
  const widgetOutputs = [];
  // Plain outputs need no kernel: show them straight away.
  for (const script of document.querySelectorAll(
    'script[type="application/vnd.voila.cell-output+json"]'
  )) {
    const output = JSON.parse(script.textContent);
    if (output.data && WIDGET_VIEW in output.data) {
      widgetOutputs.push([outputHost(script), output.data[WIDGET_VIEW]]);
    } else {
      const node = staticNode(output);
      if (node) outputHost(script).appendChild(node);
      else script.remove();
    }
  }
  if (!config.kernelId) return;
  const serverSettings = ServerConnection.makeSettings({ baseUrl });
  const kernel = new KernelConnection({
    model: { id: config.kernelId, name: 'python3' },
    serverSettings,
    // Voilà lets only comm, kernel_info and shutdown messages through: a create_subshell_request
    // (sent for every comm target by default) is never answered, and when the kernel dies each
    // widget's comm rejected it unhandled (about 170 errors on a dashboard page).
    commsOverSubshells: CommsOverSubshells.Disabled,
  });
  // Says when the page loses its kernel on the server, and when it has it again.
  new ConnectionNotice(kernel, serverSettings);
  shutdownOnUnload(baseUrl, kernel);
  kernel.connectionStatusChanged.connect((_, status) => {
    if (status === 'connected') mark('kernel');
  });
  const manager = new PageWidgetManager(kernel);
  await manager._loadFromKernel();
  mark('models');
  for (const [host, spec] of widgetOutputs) {
    if (!spec.model_id) continue;
    try {
      const model = await manager.get_model(spec.model_id);
      const view = await manager.create_view(model);
      await manager.display_view(view, host);
    } catch (error) {
      host.appendChild(textNode(cannotShow(error), 'application/vnd.jupyter.stderr'));
    }
  }
  mark('views');
  document.body.setAttribute('data-uno-widgets', 'ready');
}

main();
