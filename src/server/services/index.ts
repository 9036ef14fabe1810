// The services the API routes and the page renderer share (DESIGN §2).
import type { Store } from '../store/db.ts';
import { PartnerService } from './partners.ts';
import { ContentService } from './content.ts';
import { CatalogueService } from './catalogue/index.ts';

export interface Services {
  partners: PartnerService;
  content: ContentService;
  catalogue: CatalogueService;
}

export function createServices(store: Store): Services {
  return {
    partners: new PartnerService(store.db),
    content: new ContentService(store.db),
    catalogue: new CatalogueService(store.db),
  };
}
