// Pages the server draws first (decision 0049): the app's script, already being fetched (a modulepreload), runs
// after the browser has painted that drawing and its first pictures (the largest paint: 1.5 s at most), so
// compiling and running it never holds either back.
(() => {
  const current = document.currentScript;
  const entry = current?.dataset.entry;
  if (!entry) return;
  const start = () => {
    // The app's module preloads, held back until now (plugins/web-app.ts modulesAfterFirstPaint).
    const held = document.getElementById('after-first-paint');
    if (held instanceof HTMLTemplateElement) document.head.append(held.content);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // A tab opened in the background paints nothing (and runs no animation frames) until shown: start at once.
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  const loading = [...document.querySelectorAll('#first-paint img[fetchpriority="high"]')].filter(
    (img) => !img.complete,
  );
  const loaded = loading.map(
    (img) =>
      new Promise((done) => {
        img.addEventListener('load', done, { once: true });
        img.addEventListener('error', done, { once: true });
      }),
  );
  const atMost = new Promise((done) => setTimeout(done, 1500));
  Promise.race([Promise.all(loaded), atMost]).then(() => requestAnimationFrame(() => setTimeout(start, 0)));
})();
