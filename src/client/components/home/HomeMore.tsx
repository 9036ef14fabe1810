// The home page below its key figures (pages/home.tsx): the coasts, how buying
// works, the buyer's guides and a way to an adviser. Text and links only: the
// browser keeps the server's DOM and loads this code (and its words) when the
// visitor first reaches for it or after a client navigation
// (LazyHomeMore.browser.tsx, lib/island.tsx), so a page's first load carries
// none of it, in any language.
import { t, tList } from '../../../shared/i18n.ts';
import { CtaBand } from '../HeroSlider.tsx';
import { Link } from '../Link.tsx';
import { GuideCards } from '../RichText.tsx';
import { Section, StepList, type Step } from '../Sections.tsx';

interface Coast {
  name: string;
  region: string;
  text: string;
}

export interface HomeMoreProps {
  search: string;
  guide: string;
  contact: string;
  franchise: string;
}

export function HomeMore({ search, guide, contact, franchise }: HomeMoreProps) {
  return (
    <>
      <Section id="coasts-title" title={t('home.coasts.title')} lead={t('home.coasts.lead')} tone="tint">
        <ul className="grid grid--4">
          {tList<Coast>('home.coasts.items').map((coast) => (
            <li key={coast.name}>
              <article className="card card--link">
                <span className="card__tag">{coast.region}</span>
                <h3>{coast.name}</h3>
                <p>{coast.text}</p>
                <Link className="card__link stretched-link" href={search}>
                  {t('home.coasts.link', { name: coast.name })}
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="steps-title" title={t('home.steps.title')} lead={t('home.steps.lead')}>
        <StepList items={tList<Step>('home.steps.items')} />
        <div className="actions">
          <Link className="button button--outline" href={guide}>
            {t('home.steps.more')}
          </Link>
        </div>
      </Section>

      <Section id="guides-title" title={t('home.guides.title')} lead={t('home.guides.lead')} tone="tint">
        <GuideCards />
      </Section>

      <CtaBand id="contact-band-title" title={t('home.contactBand.title')} text={t('home.contactBand.text')}>
        <Link className="button button--accent" href={contact}>
          {t('home.contactBand.contact')}
        </Link>
        <Link className="button button--light" href={franchise}>
          {t('home.contactBand.franchise')}
        </Link>
      </CtaBand>
    </>
  );
}
