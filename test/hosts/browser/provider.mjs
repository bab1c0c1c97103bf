// A Vitest browser provider for the engines Playwright cannot drive from Debian's packages: Firefox
// ESR (no Juggler build; geckodriver is not packaged) and WebKitGTK (Playwright's WebKit is its own
// build). Vitest's page talks to Vitest over its own WebSocket (the orchestrator and the tester
// iframe), so a provider only has to open the URL Vitest gives it in a browser it controls: this one
// starts the engine as a plain process with that URL (engines.mjs: headless Firefox ESR with a fresh
// profile, MiniBrowser under Xvfb), one process group per session, stopped by the group's id when
// Vitest moves on or closes. Everything stays on 127.0.0.1 (the Vitest server is configured so).
// There is no automation channel: no mocker (the suites mock no modules), no CDP, no user events.
// A browser that dies mid-run closes Vitest's WebSocket, which fails the run at once.
// ENCODING_WASM_BROWSER_OUTPUT=1 prints the browsers' own output on stderr (MiniBrowser writes the
// page's console messages there).
//
//   browser: { provider: engines(), instances: [{ browser: 'firefox' }] }
//
// Node-side commands (`commands` from 'vitest/browser') get the session's page, which knows its
// process group: `browserRss` measures the browser from outside (the projects using this provider
// list COMMANDS in browser.commands).
import { readdirSync, readFileSync } from 'node:fs';
import { defineBrowserProvider } from '@vitest/browser';
import { ENGINES, openPage } from '../engines.mjs';

// WebKitGTK 2.50 (Debian's) reports crossOriginIsolated but has no SharedArrayBuffer: the GLib
// ports do not turn on JavaScriptCore's useSharedArrayBuffer for isolated pages as Safari does
// (https://bugs.webkit.org/show_bug.cgi?id=317847, fix under review in WebKit/WebKit#74274).
// JavaScriptCore reads its options from JSC_* variables, so the web process gets the option that
// fix would set; the suites then run their SharedArrayBuffer checks in WebKit too (the page is
// cross-origin isolated, as in Chromium and Firefox).
const ENV = { webkit: { JSC_useSharedArrayBuffer: '1' } };

export function engines() {
  return defineBrowserProvider({
    name: 'engines',
    supportedBrowser: ENGINES.filter((e) => e !== 'chromium'),
    options: {},
    providerFactory: (project) => new EnginesProvider(project),
  });
}

class EnginesProvider {
  name = 'engines';
  supportsParallelism = false;
  pages = new Map(); // sessionId -> the page engines.mjs opened
  closing = false;

  constructor(project) {
    this.project = project;
    this.engine = project.config.browser.name;
  }

  getCommandsContext(sessionId) {
    return { page: this.pages.get(sessionId) };
  }

  async openPage(sessionId, url) {
    if (this.closing) throw new Error('[engines] the provider was closed');
    await this.pages.get(sessionId)?.close();
    const output =
      process.env.ENCODING_WASM_BROWSER_OUTPUT === '1' ? (l) => console.error(`[${this.engine}] ${l}`) : undefined;
    const page = await openPage(this.engine, url, output, ENV[this.engine]);
    page.exited.catch((e) => {
      if (!this.closing && this.pages.get(sessionId) === page)
        this.project.vitest.logger.error(`${this.engine}: ${e.message}`);
    });
    this.pages.set(sessionId, page);
  }

  async close() {
    this.closing = true;
    await Promise.all([...this.pages.values()].map((page) => page.close()));
    this.pages.clear();
  }
}

export const COMMANDS = {
  browserRss: ({ page }) => {
    if (!page?.pgid) throw new Error('browserRss: no browser process for this session');
    return groupRss(page.pgid);
  },
};

// The resident set of a process group in bytes: the sum of VmRSS over the processes in /proc whose
// group is pgid (the browser and its content, GPU and network processes; Xvfb for WebKit).
export function groupRss(pgid) {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // /proc/PID/stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      /* the process is gone */
    }
  }
  return total;
}
