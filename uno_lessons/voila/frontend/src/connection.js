// The page's connection notice: a banner at the top of the page that says, in the page's
// language, when the page can no longer reach its kernel on the server, when it can again,
// and when the kernel is gone for good (with a Reload button).
//
// It only listens: the KernelConnection reconnects by itself (with backoff) where the kernel
// survived, and keeps its comms, so the widgets go on working after it. What it hears:
//
// * connectionStatusChanged: 'connecting' for longer than LOST_AFTER_MS says "lost" (a blip
//   that heals within it says nothing); 'connected' again says "Connected again." once, and
//   the banner goes; 'disconnected' (the connection gave up, or the server closed it) is for
//   good.
// * statusChanged: 'dead' (the server says the kernel does not exist: it was culled, or the
//   server restarted), 'autorestarting' / 'restarting' (a new kernel without this page's
//   widgets) are for good.
// * While the connection is lost the page asks the server every PROBE_MS about its kernel
//   (GET api/kernels/<id>, which starts nothing): 404 is for good at once. When nothing has
//   answered for GIVE_UP_MS (and the browser does not say it is offline, where reloading
//   cannot help), the page takes its game as lost and says so, while it goes on listening:
//   if the kernel does come back after all, it says "Connected again." and the banner goes.
//
// Live regions: role="alert" for lost and gone, role="status" for back. They exist only while
// the banner does (a page that never lost its connection has none of them), and their text
// is set a moment after they were added, so a screen reader hears the change. Focus is never
// moved; when the Reload button appears, the next Tab goes to it.
import { ServerConnection } from '@jupyterlab/services/lib/serverconnection';

/** A connection that heals within this time is not worth announcing. */
const LOST_AFTER_MS = 1500;
/** The first connection of a page on a busy server may take a while: no notice before. */
const FIRST_CONNECT_MS = 10000;
/** How often the page asks the server about its kernel while the connection is lost. */
const PROBE_MS = 3000;
/** Nothing heard from the server for this long: the page's game is taken as lost. */
const GIVE_UP_MS = 30000;
/** How long "Connected again." stays on the page. */
const BACK_SHOWN_MS = 6000;

const ENGLISH = {
  connection_lost: 'The connection to the server was lost. Trying to reconnect…',
  connection_back: 'Connected again.',
  connection_gone: 'This page has lost its game on the server. Reload the page to go on.',
  reload: 'Reload',
};

// The notices' icons, drawn (a font may lack a symbol: this machine's Chromium drew ⛔ as an
// empty box).
const svg = (body) =>
  `<svg viewBox="0 0 24 24" width="28" height="28" focusable="false" aria-hidden="true">${body}</svg>`;
const ICONS = {
  // A warning triangle with an exclamation mark.
  lost: svg('<path d="M12 2 1 21h22L12 2z" fill="currentColor"/>' +
            '<path d="M11 9h2v6h-2zm0 8h2v2h-2z" fill="#fff4ce"/>'),
  // A disc with a cross.
  gone: svg('<circle cx="12" cy="12" r="11" fill="currentColor"/>' +
            '<path d="m7.5 9 1.5-1.5 3 3 3-3L16.5 9l-3 3 3 3-1.5 1.5-3-3-3 3L7.5 15l3-3z" fill="#fde7e9"/>'),
  // A disc with a tick.
  back: svg('<circle cx="12" cy="12" r="11" fill="currentColor"/>' +
            '<path d="m6.5 12.5 1.6-1.6 2.6 2.6 5.3-5.3 1.6 1.6-6.9 6.9z" fill="#dff6dd"/>'),
};

function element(tag, attrs = {}) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

/** What the server says about the kernel: 'alive', 'gone', or 'unknown' (no answer). */
async function askServer(url, settings) {
  try {
    const response = await ServerConnection.makeRequest(url, { cache: 'no-store' }, settings);
    if (response.status === 404) return 'gone';
    if (response.status !== 200) return 'unknown';
    const model = await response.json();
    return model && model.execution_state === 'dead' ? 'gone' : 'alive';
  } catch {
    return 'unknown';
  }
}

export class ConnectionNotice {
  /** @param kernel a KernelConnection; @param settings its server settings. */
  constructor(kernel, settings) {
    this.kernel = kernel;
    this.probeUrl = `${settings.baseUrl.replace(/\/?$/, '/')}api/kernels/${encodeURIComponent(kernel.id)}`;
    this.settings = settings;
    this.words = { ...ENGLISH, ...(window.unoPage?.words ?? {}) };
    this.state = 'connected'; // connected | waiting | lost | stale | gone
    this.everConnected = kernel.connectionStatus === 'connected';
    this.leaving = false;
    this.banner = null;
    this.timers = {};
    this.tabToReload = false;
    window.addEventListener('beforeunload', () => { this.leaving = true; });
    document.addEventListener('keydown', (event) => this.onKey(event), true);
    kernel.connectionStatusChanged.connect((_, status) => this.onConnection(status));
    kernel.statusChanged.connect((_, status) => this.onStatus(status));
    if (kernel.connectionStatus !== 'connected') this.onConnection(kernel.connectionStatus);
  }

  onConnection(status) {
    if (this.leaving || this.state === 'gone') return;
    if (status === 'connected') {
      this.everConnected = true;
      const shown = this.state === 'lost' || this.state === 'stale';
      this.state = 'connected';
      this.stopTimers();
      if (shown) this.show('back');
    } else if (status === 'connecting') {
      if (this.state !== 'connected') return;
      this.state = 'waiting';
      this.lastHeard = Date.now();
      this.timers.lost = setTimeout(() => this.lose(), this.everConnected ? LOST_AFTER_MS : FIRST_CONNECT_MS);
    } else if (status === 'disconnected' && !this.kernel.isDisposed) {
      // (A disposed connection is the page's own doing, as it unloads; a dead kernel has
      // said so through statusChanged before.)
      this.goneForGood();
    }
  }

  onStatus(status) {
    if (this.leaving) return;
    if (status === 'dead' || status === 'autorestarting' || status === 'restarting') this.goneForGood();
  }

  /** The connection has not healed by itself quickly: say so, and start asking the server. */
  lose() {
    if (this.state !== 'waiting') return;
    this.state = 'lost';
    this.show('lost');
    this.timers.probe = setInterval(() => this.probe(), PROBE_MS);
  }

  async probe() {
    if (this.probing) return;
    this.probing = true;
    const answer = await askServer(this.probeUrl, this.settings);
    this.probing = false;
    if (this.state !== 'lost' && this.state !== 'stale') return;
    if (answer === 'gone') {
      this.goneForGood();
    } else if (answer === 'alive') {
      // The server is there and so is the kernel: the connection will be made again.
      this.lastHeard = Date.now();
      if (this.state === 'stale') {
        this.state = 'lost';
        this.show('lost');
      }
    } else if (this.state === 'lost' && Date.now() - this.lastHeard >= GIVE_UP_MS && navigator.onLine !== false) {
      this.state = 'stale';
      this.show('gone');
    }
  }

  goneForGood() {
    if (this.state === 'gone') return;
    const already = this.state === 'stale';
    this.state = 'gone';
    this.stopTimers();
    if (!already) this.show('gone');
  }

  stopTimers() {
    clearTimeout(this.timers.lost);
    clearInterval(this.timers.probe);
    clearTimeout(this.timers.back);
  }

  /** The banner, made when it is first needed (and removed when "Connected again." has been
   * shown): an icon, the alert region, the status region and the Reload button. */
  ensureBanner() {
    if (this.banner) return this.banner;
    const banner = element('div', { id: 'uno-connection', class: 'uno-connection' });
    banner.lang = window.unoPage?.lang || document.documentElement.lang;
    const icon = element('span', { class: 'uno-connection-icon', 'aria-hidden': 'true' });
    const alert = element('div', { id: 'uno-connection-alert', class: 'uno-connection-text', role: 'alert' });
    const status = element('div', { id: 'uno-connection-status', class: 'uno-connection-text', role: 'status' });
    const reload = element('button', { type: 'button', class: 'uno-connection-reload' });
    reload.textContent = this.words.reload;
    reload.hidden = true;
    reload.addEventListener('click', () => window.location.reload());
    reload.addEventListener('focus', () => { this.tabToReload = false; });
    banner.append(icon, alert, status, reload);
    document.body.prepend(banner);
    this.banner = { root: banner, icon, alert, status, reload };
    return this.banner;
  }

  /** Show one of the notices: 'lost', 'gone' (with the Reload button) or 'back'. */
  show(kind) {
    const b = this.ensureBanner();
    b.root.className = `uno-connection uno-connection-${kind}`;
    b.icon.innerHTML = ICONS[kind];
    b.icon.setAttribute('data-icon', kind);
    const [region, other] = kind === 'back' ? [b.status, b.alert] : [b.alert, b.status];
    other.textContent = '';
    b.reload.hidden = kind !== 'gone';
    this.tabToReload = kind === 'gone';
    const text = this.words[{ lost: 'connection_lost', gone: 'connection_gone', back: 'connection_back' }[kind]];
    // A new region's first text is set a moment later: a screen reader announces a change.
    // (data-state says which notice has been said.)
    clearTimeout(this.timers.say);
    this.timers.say = setTimeout(() => {
      region.textContent = text;
      b.root.setAttribute('data-state', kind);
    }, 100);
    if (kind === 'back') this.timers.back = setTimeout(() => this.removeBanner(), BACK_SHOWN_MS);
  }

  removeBanner() {
    if (this.state !== 'connected' || !this.banner) return;
    this.banner.root.remove();
    this.banner = null;
  }

  /** The first Tab after the Reload button appeared goes to it (focus is not moved before). */
  onKey(event) {
    if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!this.tabToReload || !this.banner || this.banner.reload.hidden) return;
    this.tabToReload = false;
    if (document.activeElement === this.banner.reload) return;
    event.preventDefault();
    this.banner.reload.focus();
  }
}
