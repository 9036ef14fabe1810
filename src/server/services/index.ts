// The services the API routes and the page renderer share (DESIGN §2).
import type { Store } from '../store/db.ts';
import { PartnerService } from './partners.ts';
import { ContentService } from './content.ts';

export interface Services {
  partners: PartnerService;
  content: ContentService;
}

export function createServices(store: Store): Services {
  return {
    partners: new PartnerService(store.db),
    content: new ContentService(store.db),
  };
}
