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
