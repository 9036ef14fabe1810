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
