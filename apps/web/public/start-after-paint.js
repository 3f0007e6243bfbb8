// Pages the server draws first (decision 0049): the app's script, already being fetched (a modulepreload), runs
// after the browser has painted that drawing, so compiling and running it never holds the first paint back.
(() => {
  const current = document.currentScript;
  const entry = current?.dataset.entry;
  if (!entry) return;
  const start = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // A tab opened in the background paints nothing (and runs no animation frames) until shown: start at once.
  if (document.visibilityState !== 'visible') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
