// Lint rules that apply to the web app alone; the root eslint.config.mjs spreads them in.
export default [];
