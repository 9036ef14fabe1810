// A link: client-side navigation for our own pages (prefetched when visible),
// a full location.replace for external addresses (SPEC §4).
import { forwardRef, useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useLocation, useRouter } from 'wouter';
import { observeLink } from '../lib/prefetch.ts';
import { scrollToHash } from '../lib/scroll.ts';
import { withPrefix } from '../../shared/languages.ts';

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

/** A site path as the page's links and forms write it: in the page's language. */
export function useAddress(path: string): string {
  return withPrefix(useRouter().base, path);
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ href, prefetch = true, onClick, ...rest }, forwarded) {
  const [, navigate] = useLocation();
  const { base } = useRouter();
  const address = withPrefix(base, href);
  const own = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    const el = own.current;
    if (!el || !prefetch || isExternal(address, window.location.origin)) return;
    return observeLink(el, base);
  }, [address, base, prefetch]);

  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || modified(event) || rest.target === '_blank' || rest.download !== undefined) return;
    event.preventDefault();
    if (isExternal(address, window.location.origin)) {
      window.location.replace(address);
      return;
    }
    const url = new URL(address, window.location.href);
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) {
      history.pushState(null, '', url.hash);
      scrollToHash(url.hash);
      return;
    }
    // The full address, past the router's base (it is in it already).
    navigate(`~${url.pathname}${url.search}${url.hash}`);
  };

  return (
    <a
      {...rest}
      href={address}
      onClick={handle}
      ref={(el) => {
        own.current = el;
        if (typeof forwarded === 'function') forwarded(el);
        else if (forwarded) forwarded.current = el;
      }}
    />
  );
});
