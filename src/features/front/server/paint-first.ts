/**
 * Pages the front server keeps show their content before the framework's scripts run (decision 0014).
 *
 * React puts Next.js's chunks in the page as `<script src async>` (and the bootstrap chunk behind a low-priority
 * preload). The browser fetches them beside the stylesheet and runs each as it arrives, before the first paint
 * when they arrive first; on a phone's connection they also share its bandwidth with the stylesheet and the
 * page's images. A cached page gets them from a small inline loader instead, which adds them once the page has
 * painted its first content: the text is on screen first, hydration follows.
 */

/** Exactly what React writes for an async chunk script (an attribute more and the tag is left alone). */
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
const CHUNK_PRELOAD =
  /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[^"]+\.js)"\/>/g;

/**
 * Adds the scripts after the first contentful paint: at once in a tab opened in the background (it paints nothing
 * until shown, and should be ready when it is), after the next frame where the browser has no paint timing.
 */
const LOADER = `(function (scripts) {
  function add(src) {
    var script = document.createElement('script');
    script.src = src;
    script.async = true;
    document.head.appendChild(script);
  }
  function load() {
    // One task each: a dozen requests started in one go held the main thread for 15 ms here.
    scripts.forEach(function (src) { setTimeout(add, 0, src); });
  }
  if (document.visibilityState === 'hidden') return load();
  if (!window.PerformanceObserver || PerformanceObserver.supportedEntryTypes.indexOf('paint') < 0) {
    return requestAnimationFrame(function () { setTimeout(load, 0); });
  }
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
})`;

/** The page with its chunk scripts loaded after the first paint; a page without any is returned as it is. */
export function paintFirst(html: string): string {
  if (!html.includes('</head>')) return html;
  const scripts: string[] = [];
  let page = html.replace(CHUNK_SCRIPT, (_tag, src: string) => {
    scripts.push(src);
    return '';
  });
  if (!scripts.length) return html;
  page = page.replace(CHUNK_PRELOAD, (tag, href: string) => (scripts.includes(href) ? '' : tag));
  // JSON of paths under /_next/static: no "</script>" can appear in it.
  const loader = `<script>${LOADER}(${JSON.stringify(scripts)})</script>`;
  return page.replace('</head>', `${loader}</head>`);
}
