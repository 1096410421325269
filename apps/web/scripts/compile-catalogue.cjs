// A catalogue's ICU messages compiled to the form Lingui's runtime reads, so the app ships no
// message parser. Used by the build (vite.config.ts) and, as a transform, by the component tests.
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');

/** The catalogue's JSON, each message compiled; JSON again, so the bundler's JSON handling still applies. */
function compileCatalogue(json, file) {
  const compiled = {};
  for (const [id, message] of Object.entries(JSON.parse(json))) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: ${id}: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
}

module.exports = { compileCatalogue, process: (source, file) => ({ code: compileCatalogue(source, file) }) };
