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

module.exports = { step, done, warn, fail, bold, dim, green, red };
