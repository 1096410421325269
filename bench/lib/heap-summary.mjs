// Sums a V8 heap snapshot up by what its objects are (constructor or kind), largest first:
// what `--connections --heap-snapshot` found in the gateway with every socket idle.
//   node bench/lib/heap-summary.mjs <file.heapsnapshot> [sockets]
// With the number of sockets, each row also says how many objects and bytes that is per socket.
import { readFileSync } from 'node:fs';

export function summariseHeap(file, top = 40) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const { node_fields: fields, node_types: [types] } = snapshot.snapshot.meta;
  const width = fields.length;
  const at = (name) => fields.indexOf(name);
  const [typeAt, nameAt, sizeAt] = [at('type'), at('name'), at('self_size')];
  const { nodes, strings } = snapshot;
  const rows = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    // Strings and code are summed by kind; objects by their constructor's name.
    const key = type === 'object' || type === 'closure' ? `${type} ${strings[nodes[i + nameAt]]}` : type;
    const row = rows.get(key) ?? { key, count: 0, bytes: 0 };
    row.count += 1;
    row.bytes += nodes[i + sizeAt];
    total += nodes[i + sizeAt];
    rows.set(key, row);
  }
  return { total, rows: [...rows.values()].sort((a, b) => b.bytes - a.bytes).slice(0, top) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, sockets] = process.argv.slice(2);
  const per = Number(sockets) || 0;
  const { total, rows } = summariseHeap(file);
  console.log(`${(total / 2 ** 20).toFixed(1)} MiB in the snapshot${per ? `, ${(total / 1024 / per).toFixed(2)} KiB per socket` : ''}\n`);
  console.log(`| what | objects | KiB |${per ? ' objects per socket | bytes per socket |' : ''}`);
  console.log(`|---|---|---|${per ? '---|---|' : ''}`);
  for (const row of rows) {
    const cells = [row.key.replace(/\|/g, '\\|'), row.count, (row.bytes / 1024).toFixed(0)];
    if (per) cells.push((row.count / per).toFixed(2), (row.bytes / per).toFixed(0));
    console.log(`| ${cells.join(' | ')} |`);
  }
}
