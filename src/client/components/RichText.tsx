// Renders the safe block markup of content pages (shared/content.ts) as React
// elements: text is never parsed as HTML. GuideCards lists the buyer's guides
// (the content pages of the demo data) as cards linking into the section.
import { parseBlocks } from '../../shared/content-blocks.ts';
import { tList } from '../../shared/i18n.ts';
import { hrefIn, useSection } from '../lib/section.tsx';
import { Link } from './Link.tsx';

export function RichText({ body }: { body: string }) {
  return (
    <div className="rich-text">
      {parseBlocks(body).map((block, i) => {
        if (block.kind === 'heading') return <h2 key={i}>{block.text}</h2>;
        if (block.kind === 'list')
          return (
            <ul key={i}>
              {block.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        return <p key={i}>{block.text}</p>;
      })}
    </div>
  );
}

interface Guide {
  slug: string;
  title: string;
  summary: string;
}

export function GuideCards({ limit = 4 }: { limit?: number }) {
  const section = useSection();
  const guides = tList<Guide>('demo.pages').slice(0, limit);
  return (
    <ul className="grid grid--4">
      {guides.map((guide) => (
        <li key={guide.slug}>
          <article className="card card--link guide-card">
            <h3>
              <Link className="stretched-link" href={hrefIn(section, `/${guide.slug}`)}>
                {guide.title}
              </Link>
            </h3>
            <p>{guide.summary}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
