// The building blocks of the content pages (home, franchise, living, broker,
// contact, a partner's home and new-build page): a page heading, a titled
// section, a grid of icon cards, numbered steps, prose beside a panel, and the
// strip of key figures that the homepage and a partner's home share. Class
// names are the ones the styles (layout.css, components.css, pages.css) use.
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

/**
 * The heading block of a page with a solid header (broker, contact, new-build):
 * the page's <h1>, its lead and, if given, buttons.
 */
export function PageHeader({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1 className="page-title">{title}</h1>
        <p className="lead">{lead}</p>
        {children && <div className="actions">{children}</div>}
      </div>
    </header>
  );
}

/** The background of a section: plain (the default), tinted or in the brand colour. */
type Tone = 'tint' | 'brand';

const sectionClass = (tone?: Tone) => (tone ? `section section--${tone}` : 'section');

/**
 * A section of a page under an <h2> title and an optional lead. `id` is the
 * title's id, which labels the section; `anchor` is the section's own id, for
 * a link to it from elsewhere on the page.
 */
export function Section({
  id,
  title,
  lead,
  tone,
  anchor,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  tone?: Tone;
  anchor?: string;
  children: ReactNode;
}) {
  return (
    <section className={sectionClass(tone)} id={anchor} aria-labelledby={id}>
      <div className="container">
        <header className="section__header">
          <h2 className="section__title" id={id}>
            {title}
          </h2>
          {lead && <p className="lead">{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

/**
 * A section with prose on one side (the <h2> title, then `children`) and a
 * panel on the other (`panel`: usually a Panel).
 */
export function SplitWithPanel({
  id,
  title,
  tone,
  panel,
  children,
}: {
  id: string;
  title: string;
  tone?: Tone;
  panel: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={sectionClass(tone)} aria-labelledby={id}>
      <div className="container split">
        <div className="prose">
          <h2 className="section__title" id={id}>
            {title}
          </h2>
          {children}
        </div>
        {panel}
      </div>
    </section>
  );
}

/** The side panel of a SplitWithPanel, labelled by its <h3>; white on a tinted section. */
export function Panel({ id, title, white, children }: { id: string; title: string; white?: boolean; children: ReactNode }) {
  return (
    <aside className={white ? 'panel panel--white' : 'panel'} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </aside>
  );
}

export interface IconCard {
  icon: IconName;
  title: string;
  text: string;
}

/** Cards of an icon, a title and a text, three to a row on wide screens. */
export function CardGrid({ items }: { items: IconCard[] }) {
  return (
    <ul className="grid grid--3">
      {items.map((item) => (
        <li key={item.title}>
          <article className="card">
            <span className="card__icon">
              <Icon name={item.icon} />
            </span>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

export interface Step {
  title: string;
  text: string;
}

/** Numbered steps, four to a row on wide screens. */
export function StepList({ items }: { items: Step[] }) {
  return (
    <ol className="steps steps--4">
      {items.map((step) => (
        <li key={step.title}>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A list with check marks. */
export function Checklist({ items }: { items: string[] }) {
  return (
    <ul className="checklist">
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** Paragraphs of prose, one a string. */
export function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </>
  );
}
