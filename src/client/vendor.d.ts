declare module '@glidejs/glide' {
  export default class Glide {
    constructor(selector: string | HTMLElement, options?: Record<string, unknown>);
    mount(extensions?: Record<string, unknown>): this;
    destroy(): void;
    go(pattern: string): this;
    on(event: string | string[], handler: (...args: unknown[]) => void): this;
    index: number;
  }
}
