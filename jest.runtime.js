/**
 * Jest's runtime, with V8's code cache kept across the test files a worker runs.
 *
 * Every test file gets a fresh module registry, so each file compiles again every module it
 * loads (Nest, MikroORM, React, the app); for the services' specs that compiling was about a
 * quarter of the CPU time. V8 can hand back what it compiled as cache data and take it for the
 * same source later, in any context, skipping most of the parse (about a tenth less CPU). The
 * modules still run anew in each file's own context, so nothing of one file's state reaches
 * another; only the compiled form is shared.
 */
const vm = require('node:vm');

const compileFunction = vm.compileFunction;
/** By file name: the source compiled and V8's cache data for it. */
const compiled = new Map();

vm.compileFunction = function compileFunctionWithCache(code, params, options) {
  const filename = options?.filename;
  if (!filename || options.cachedData || options.produceCachedData) return compileFunction.call(this, code, params, options);
  const known = compiled.get(filename);
  if (known && known.code === code) {
    const fn = compileFunction.call(this, code, params, { ...options, cachedData: known.data });
    if (!fn.cachedDataRejected) return fn;
  }
  const fn = compileFunction.call(this, code, params, { ...options, produceCachedData: true });
  if (fn.cachedData) compiled.set(filename, { code, data: fn.cachedData });
  return fn;
};

module.exports = require('jest-runtime');
