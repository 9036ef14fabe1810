// The frame of a part the server renders in full and the browser takes over
// on first use (lib/island.tsx): a box that adds nothing to the
// layout (`display: contents`, forms.css), around what the server rendered.
import type { ComponentType, ReactNode } from 'react';

export const ISLAND_CLASS = 'island';

export function IslandFrame({ children }: { children: ReactNode }) {
  return <div className={ISLAND_CLASS}>{children}</div>;
}

/** The server's side of a part loaded on first use (Name.tsx beside Name.browser.tsx): `Part` in full, in the frame. */
export function framed<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  return function Framed(props: P) {
    return (
      <IslandFrame>
        <Part {...props} />
      </IslandFrame>
    );
  };
}
