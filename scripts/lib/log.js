'use strict';
/** Small console helpers for the start and test scripts. */
const tty = process.stdout.isTTY && !process.env.CI;
const paint = (code) => (text) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = paint('1');
const dim = paint('2');
const green = paint('32');
const red = paint('31');
const yellow = paint('33');

function step(message) {
  console.log(`${bold('›')} ${message}`);
}
function done(message) {
  console.log(`${green('✓')} ${message}`);
}
function warn(message) {
  console.log(`${yellow('!')} ${message}`);
}
function fail(message) {
  console.error(`${red('✗')} ${message}`);
}

/** A byte count as people read it: 812 B, 14.2 kB, 3.1 MB. */
function size(bytes) {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "1 object", "3 objects". */
function count(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A duration in seconds, to a tenth. */
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

module.exports = { step, done, warn, fail, bold, dim, green, red, size, count, seconds };
