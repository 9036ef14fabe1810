// A link: client-side navigation for our own pages (prefetched when visible),
// a full location.replace for external addresses (SPEC §4).
import { forwardRef, useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { observeLink } from '../lib/prefetch.ts';
import { scrollToHash } from '../lib/scroll.ts';

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; prefetch?: boolean };

export function isExternal(href: string, origin: string): boolean {
  try {
    return new URL(href, origin).origin !== origin;
  } catch {
    return false;
  }
}

function modified(event: MouseEvent): boolean {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ href, prefetch = true, onClick, ...rest }, forwarded) {
  const [, navigate] = useLocation();
  const own = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    const el = own.current;
    if (!el || !prefetch || isExternal(href, window.location.origin)) return;
    return observeLink(el);
  }, [href, prefetch]);

  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || modified(event) || rest.target === '_blank' || rest.download !== undefined) return;
    event.preventDefault();
    if (isExternal(href, window.location.origin)) {
      window.location.replace(href);
      return;
    }
    const url = new URL(href, window.location.href);
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) {
      history.pushState(null, '', url.hash);
      scrollToHash(url.hash);
      return;
    }
    navigate(url.pathname + url.search + url.hash);
  };

  return (
    <a
      {...rest}
      href={href}
      onClick={handle}
      ref={(el) => {
        own.current = el;
        if (typeof forwarded === 'function') forwarded(el);
        else if (forwarded) forwarded.current = el;
      }}
    />
  );
});
