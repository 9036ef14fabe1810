// The strip of key figures (home.features) on the main home page and a
// partner's: a module of its own, so that only those pages' chunks carry its
// strings (a section a common module names is in every page's first load).
import { tList } from '../../shared/i18n.ts';

interface Feature {
  figure: string;
  title: string;
  text: string;
}

/** The strip of key figures (home.features) on the homepage and a partner's home. */
export function KeyFigures({ label }: { label: string }) {
  return (
    <section className="container features" aria-label={label}>
      {tList<Feature>('home.features').map((f) => (
        <div className="feature" key={f.title}>
          <span className="feature__figure" aria-hidden="true">
            {f.figure}
          </span>
          <h2>
            <span className="visually-hidden">{f.figure} </span>
            {f.title}
          </h2>
          <p>{f.text}</p>
        </div>
      ))}
    </section>
  );
}
