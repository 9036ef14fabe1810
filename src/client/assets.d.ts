declare module '*.svg' {
  const href: string;
  export default href;
}
declare module '*.jpg' {
  const href: string;
  export default href;
}
declare module '*.webp' {
  const href: string;
  export default href;
}
declare module '*.css';
/** The address of the maps' basemap GeoJSON, made by build.mjs (src/client/components/map/basemap-build.mjs). */
declare module 'virtual:basemap' {
  const href: string;
  export default href;
}
/** The address of a stylesheet loaded with on-demand code (build.mjs's lazyStylesheets); empty on the server. */
declare module 'virtual:stylesheet/*' {
  const href: string;
  export default href;
}
