// Every API read a page may declare as a data need (DESIGN §2), with the answer
// it gives: the one typed list the route table, the server and the pages share.
// The server must serve each of them with exactly this answer
// (src/server/api/reads.ts), a route names them in its DataNeeds
// (src/shared/routes.ts), and a page's useRouteData(match, path) is typed by it,
// so a mistyped name or a page reading the wrong shape fails `tsc`.
import type { FavoriteProjectsAnswer } from './accounts.ts';
import type { CompareAnswer } from './compare.ts';
import type {
  FacetsAnswer,
  FeaturedAnswer,
  FilesAnswer,
  GeoAnswer,
  MarkersAnswer,
  PlaceMatchesAnswer,
  ProjectCard,
  PropertyAnswer,
  SearchAnswer,
  UnitsAnswer,
} from './catalogue.ts';
import type { ContentPage, ContentSummary } from './content.ts';
import type { PriceHistoryAnswer } from './price-history.ts';
import type { SavedSearchList, SavedSearchView } from './saved-searches.ts';
import type { FavoriteAlertLinkAnswer } from './favorite-alerts.ts';
import type { RatesAnswer } from './exchange-rates.ts';
import type { LanguageNoteAnswer } from './language-note.ts';

export interface ContentAnswer {
  data: ContentPage;
}

export interface ContentListAnswer {
  data: ContentSummary[];
}

/** Up to 4 projects like one (its page's foot). */
export interface SimilarAnswer {
  data: ProjectCard[];
}

export interface ReadAnswers {
  '/api/content': ContentAnswer;
  '/api/content-list': ContentListAnswer;
  '/api/properties': SearchAnswer;
  '/api/map-markers': MarkersAnswer;
  '/api/facets': FacetsAnswer;
  '/api/geo-url': GeoAnswer;
  '/api/property': PropertyAnswer;
  '/api/project/units': UnitsAnswer;
  '/api/project/files': FilesAnswer;
  '/api/project/price-history': PriceHistoryAnswer;
  '/api/project/similar': SimilarAnswer;
  '/api/compare': CompareAnswer;
  '/api/featured': FeaturedAnswer;
  '/api/places': PlaceMatchesAnswer;
  '/api/favorites': FavoriteProjectsAnswer;
  '/api/project-cards': FavoriteProjectsAnswer;
  '/api/saved-searches/manage': SavedSearchList;
  '/api/saved-searches/unsubscribe': { data: SavedSearchView };
  '/api/saved-searches/mine': SavedSearchList;
  '/api/favorite-alerts/unsubscribe': FavoriteAlertLinkAnswer;
  '/api/rates': RatesAnswer;
  '/api/language-note': LanguageNoteAnswer;
}

/** The path of a read, e.g. '/api/property'. */
export type ReadPath = keyof ReadAnswers;
