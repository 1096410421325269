'use strict';
// Loaded with NODE_OPTIONS=--require into the chat system's processes in a measured run.
// SIGWINCH (ignored by Node and not one of Nest's shutdown signals) marks the start of a
// measurement: with --expose-gc the garbage is collected, so that the memory read next is what
// is kept (a pause of every process at once: the run waits for it to end, see MEASURE_MARKS_DIR);
// with CPU_PROFILE_DIR the CPU profile starts afresh, leaving out the start-up and the
// setting up. The profile is the same V8 sampling profiler as `node --cpu-prof` (which
// NODE_OPTIONS does not accept), written as <INSTANCE_ID>-<pid>.cpuprofile when the process ends.
// With HEAP_SNAPSHOT_DIR, SIGURG (ignored by Node, and not one of the signals Nest's shutdown
// hooks end the process on, as SIGUSR2 is) writes a heap snapshot there (<INSTANCE_ID>-<pid>.heapsnapshot),
// after collecting the garbage; the file's appearance says it is complete.
const inspector = require('node:inspector');
const { existsSync, renameSync, writeFileSync } = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const v8 = require('node:v8');
const { join } = require('node:path');

const dir = process.env.CPU_PROFILE_DIR;
let session;
if (dir) {
  session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  let written = false;
  // A session on this thread answers synchronously, so the profile is on disk before this returns.
  const write = () => {
    if (written) return;
    written = true;
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `${process.env.INSTANCE_ID ?? 'process'}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.once('exit', write);
  // Nest's shutdown hooks end the process by raising the signal again, which skips 'exit':
  // the profile is written at the signal, and the signal is raised again if nobody else handles it.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => {
      write();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

// With MEASURE_MARKS_DIR, the process writes there (as <pid>) how many marks it has handled,
// so that the run waits for every collection to end before it measures anything.
// Each mark also writes how long the event loop was held up since the mark before (<pid>.loop, in
// ms): a stall in any process of the path holds every delivery behind it, which is what a p99
// delivery latency far above the p50 is made of. A reading mark (a `reading` file beside the
// marks, see targets.mjs) only does that: no collection, and the profile goes on.
const marksDir = process.env.MEASURE_MARKS_DIR;
const LOOP_RESOLUTION_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();
let marks = 0;
process.on('SIGWINCH', () => {
  // The histogram's samples are the sampling interval plus the lateness: the lateness is the stall.
  const ms = (ns) => Math.max(0, Math.round(ns / 1e4) / 100 - LOOP_RESOLUTION_MS);
  const loop = { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) };
  const reading = marksDir && existsSync(join(marksDir, 'reading'));
  if (!reading && typeof global.gc === 'function') global.gc();
  if (!reading && session) {
    session.post('Profiler.stop');
    session.post('Profiler.start');
  }
  marks++;
  if (marksDir) {
    writeFileSync(join(marksDir, `${process.pid}.loop`), JSON.stringify(loop));
    writeFileSync(join(marksDir, String(process.pid)), String(marks));
  }
  // After the collection: a mark's own pause is not the next period's.
  loopDelay.reset();
});

const snapshotDir = process.env.HEAP_SNAPSHOT_DIR;
if (snapshotDir) {
  process.on('SIGURG', () => {
    if (typeof global.gc === 'function') global.gc();
    const file = join(snapshotDir, `${process.env.INSTANCE_ID ?? 'process'}-${process.pid}.heapsnapshot`);
    v8.writeHeapSnapshot(`${file}.partial`);
    renameSync(`${file}.partial`, file);
  });
}
