// The project's description on its page: the feed's structure (paragraphs,
// lists, bold) when the import kept it as rich text, else the plain text in
// paragraphs. Everywhere else (cards, meta, JSON-LD) the plain text is used.
// A description in another language than the page's (the feed has none in
// it) says so, and carries its own `lang` for screen readers and translators.
import type { ProjectDetail } from '../../../shared/catalogue.ts';
import { currentLanguage, t } from '../../../shared/i18n.ts';
import { isAllowListed } from '../../../shared/rich-text.ts';
import { PropertySection } from './PropertySection.tsx';

/** The plain description's paragraphs: blank lines or single line breaks separate them. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The rich text to render, or null when there is none or it holds markup outside the allow-list. */
export function richDescription(project: Pick<ProjectDetail, 'description_html'>): string | null {
  const html = project.description_html?.trim();
  return html && isAllowListed(html) ? html : null;
}

export function Description({ project }: { project: ProjectDetail }) {
  const html = richDescription(project);
  const paragraphs = html ? [] : paragraphsOf(project.description);
  if (!html && !paragraphs.length) return null;
  const lang = project.description_lang && project.description_lang !== currentLanguage() ? project.description_lang : undefined;
  return (
    <PropertySection id="description-title" title={t('property.description')} className="property-description">
      {lang && (
        <p className="property-description__language">
          {t('property.descriptionIn', { language: new Intl.DisplayNames([currentLanguage()], { type: 'language' }).of(lang) ?? lang })}
        </p>
      )}
      {html ? (
        // Safe to insert: the import sanitised it with an allow-list (shared/rich-text.ts: no attributes,
        // no scripts, styles or links), and richDescription checked it holds nothing else.
        <div className="property-description__body" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div className="property-description__body" lang={lang}>
          {paragraphs.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </div>
      )}
    </PropertySection>
  );
}
