// Sums up the CPU profiles of a profiled run: where the gateway's and chat-svc's CPU time went,
// by function and by package, as shares of the time the process was not idle.
// Usage: node bench/lib/profile-summary.mjs <profile dir>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHOWN_APPS = ['gateway', 'chat-svc', 'auth-svc'];
const TOP_FUNCTIONS = 12;
const TOP_AREAS = 8;

/** Where a frame's code lives: an npm package, one of our apps or libs, Node itself, or V8. */
function areaOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(apps|libs)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url;
}

function shortUrl(url) {
  return url.replace(/^.*\/node_modules\//, '').replace(/^.*\/(apps|libs)\//, '$1/').replace(/^file:\/\//, '');
}

/** Self time per function and per area, in microseconds, of one .cpuprofile. */
export function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const perNode = new Map();
  profile.samples.forEach((id, i) => perNode.set(id, (perNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const functions = new Map();
  const areas = new Map();
  let busy = 0;
  for (const [id, micros] of perNode) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    // (idle) is no work; dispatch is the inspector handing the profile over at its end.
    if (functionName === '(idle)' || (functionName === 'dispatch' && !url)) continue;
    busy += micros;
    const key = url ? `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}` : functionName || '(anonymous)';
    functions.set(key, (functions.get(key) ?? 0) + micros);
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + micros);
  }
  return { busy, functions, areas };
}

function merge(into, from) {
  into.busy += from.busy;
  for (const kind of ['functions', 'areas']) for (const [key, micros] of from[kind]) into[kind].set(key, (into[kind].get(key) ?? 0) + micros);
}

function top(map, busy, n) {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, micros]) => `| ${key.replaceAll('|', '\\|')} | ${((micros / busy) * 100).toFixed(1)} |`);
}

/** Markdown: for the gateway and chat-svc, their busiest functions and packages. */
export function summariseProfiles(dir) {
  const lines = [];
  for (const app of SHOWN_APPS) {
    const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile') && (f === app || f.startsWith(`${app}-`)));
    if (files.length === 0) continue;
    const total = { busy: 0, functions: new Map(), areas: new Map() };
    for (const file of files) merge(total, selfTimes(JSON.parse(readFileSync(join(dir, file), 'utf8'))));
    lines.push(`##### CPU profile of ${app}: ${(total.busy / 1e6).toFixed(1)} s of CPU (${files.length} process(es))`, '');
    lines.push('| package or part | % of busy time (self) |', '|---|---|', ...top(total.areas, total.busy, TOP_AREAS), '');
    lines.push('| function | % of busy time (self) |', '|---|---|', ...top(total.functions, total.busy, TOP_FUNCTIONS), '');
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(summariseProfiles(process.argv[2]));
