// The resident memory of the processes a Node process started (the browser, its child processes
// and, for WebKit, Xvfb), from /proc (Linux): what the page test reports as the tab's memory.
import { readdirSync, readFileSync } from 'node:fs';

const PAGE = 4096;

// Bytes resident in all descendants of `pid`.
export function descendantsRss(pid = process.pid) {
  const parent = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name (field 2) is in parentheses and may hold spaces: the fields after it.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const isDescendant = (p) => {
    for (let q = parent.get(p); q; q = parent.get(q)) if (q === pid) return true;
    return false;
  };
  let total = 0;
  for (const p of parent.keys()) {
    if (!isDescendant(p)) continue;
    try {
      total += Number(readFileSync(`/proc/${p}/statm`, 'utf8').split(' ')[1]) * PAGE;
    } catch {
      /* gone */
    }
  }
  return total;
}
