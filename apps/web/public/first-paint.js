// Runs before the first paint: index.html loads it in <head>, as a blocking classic script
// (the Content-Security-Policy allows no inline script).
// index.html holds the landing page, rendered when the app was built (src/prerender.tsx), so
// that page shows before the app's code arrives. The server sends the same index.html for
// every page of the app: on any other path that HTML stays hidden until main.tsx clears it.
if (window.location.pathname !== '/') document.documentElement.setAttribute('data-other-page', '');
