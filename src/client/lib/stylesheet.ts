// Stylesheets that come with code loaded on demand (Leaflet's), built apart
// from the page's sheet by build.mjs (`virtual:stylesheet/…`). Inserted before
// the page's own stylesheets, so that the page's rules keep the last word as
// when the sheet was part of them; resolved once it applies, so that the
// code never draws unstyled.
const loading = new Map<string, Promise<void>>();

export function loadStylesheet(href: string): Promise<void> {
  let done = loading.get(href);
  if (!done) {
    done = new Promise<void>((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => {
        loading.delete(href);
        link.remove();
        reject(new Error(`the stylesheet ${href} did not load`));
      };
      document.head.insertBefore(link, document.querySelector('head > link[rel="stylesheet"]'));
    });
    loading.set(href, done);
  }
  return done;
}
