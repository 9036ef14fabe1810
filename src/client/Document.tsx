// The whole HTML document, rendered by React on the server and hydrated in the
// browser. Partner colours are CSS custom properties in a nonced <style> in the
// head, so a partner's page is branded on first paint, before any script.
import type { ReactNode } from 'react';
import type { PublicPartner } from '../shared/partner.ts';
import { DEFAULT_COLORS, DEFAULT_DERIVED_COLORS } from '../shared/constants.ts';
import { useStore } from './store.tsx';
import favicon from './assets/favicon.svg';

/** The partner's colours and those the server derived from them for contrast (shared/brand-colors.ts); the site's own without a partner. */
function colorRules(partner: PublicPartner | null): string {
  const colors = partner?.colors ?? DEFAULT_COLORS;
  const d = partner?.derived_colors ?? DEFAULT_DERIVED_COLORS;
  return (
    `:root{--color-primary:${colors.primary};--color-secondary:${colors.secondary};--color-heading:${colors.heading_color};` +
    `--color-on-primary:${d.onPrimary};--color-on-secondary:${d.onSecondary};--color-accent-on-white:${d.accentOnWhite};` +
    `--color-accent-on-primary:${d.accentOnPrimary};--color-heading-on-primary:${d.headingOnPrimary}}`
  );
}

export function BrandColors({ nonce }: { nonce: string }) {
  const partner = useStore((s) => s.partner);
  // Colours are validated as #rrggbb when stored, so they cannot close the rule.
  return (
    <style nonce={nonce} suppressHydrationWarning id="brand-colors">
      {colorRules(partner)}
    </style>
  );
}

function ThemeColor() {
  const partner = useStore((s) => s.partner);
  return <meta name="theme-color" content={(partner?.colors ?? DEFAULT_COLORS).primary} />;
}

interface DocumentProps {
  nonce: string;
  stylesheets: string[];
  language: string;
  children: ReactNode;
}

export function Document({ nonce, stylesheets, language, children }: DocumentProps) {
  // The nonce is hidden from the DOM after parsing; the browser passes the real
  // one in, and suppressHydrationWarning covers the attribute.
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeColor />
        <link rel="icon" href={favicon} type="image/svg+xml" />
        <BrandColors nonce={nonce} />
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
