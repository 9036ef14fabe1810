// The developments a visitor looked at last (issue 22), kept in this browser
// only, never sent to the server: the last RECENT_MAX property pages seen in a
// section (the search's storage contexts: the main site, /old, a partner's
// site), newest first, each as the card it shows. Kept only with the
// visitor's consent to functional storage: it remembers what they looked at.
// Loaded with the section that shows it (RecentlyViewed.tsx).
import type { ProjectCard, ProjectDetail } from '../../shared/catalogue.ts';
import { readStored, writeStored } from './local-storage.ts';

export const RECENT_MAX = 12;

export const recentKey = (context: string) => `recentlyViewed${context}`;

/** Whether a stored value has what a card shows; a corrupt or foreign one is dropped. */
function isCard(value: unknown): value is ProjectCard {
  const card = value as Partial<ProjectCard> | null;
  return (
    typeof card?.id === 'number' &&
    typeof card.name === 'string' &&
    typeof card.category?.key === 'string' &&
    typeof card.location?.town?.name === 'string' &&
    typeof card.location.region?.name === 'string' &&
    Array.isArray(card.images)
  );
}

export function readRecent(context: string): ProjectCard[] {
  try {
    const value: unknown = JSON.parse(readStored(recentKey(context)) ?? '[]');
    return Array.isArray(value) ? value.filter(isCard).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

function write(context: string, cards: ProjectCard[]): void {
  writeStored(recentKey(context), cards.length ? JSON.stringify(cards) : null);
}

/** The card of a project's page, with its first picture only. */
function cardOf(project: ProjectDetail): ProjectCard {
  const {
    description: _d,
    description_html: _h,
    descriptions: _ds,
    amenities: _a,
    categories: _c,
    units_total: _u,
    listed_at: _l,
    images,
    ...card
  } = project;
  return { ...card, images: images.slice(0, 1) };
}

/** Puts a project first in the list (once). */
export function rememberViewed(context: string, project: ProjectDetail): void {
  write(context, [cardOf(project), ...readRecent(context).filter((c) => c.id !== project.id)].slice(0, RECENT_MAX));
}

export function clearRecent(context: string): void {
  write(context, []);
}
