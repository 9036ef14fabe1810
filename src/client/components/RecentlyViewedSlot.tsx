// Where a page shows the visitor's recently viewed developments (the home
// page, the foot of a property page). Nothing on the server or while
// hydrating; then the section's code (RecentlyViewed.tsx, with the list's,
// lib/recently-viewed.ts) is loaded when this browser holds a list, or on a
// property page to put its project in the list, if the visitor allows
// functional storage.
import { useSyncExternalStore } from 'react';
import type { ProjectDetail } from '../../shared/catalogue.ts';
import { useConsent } from '../lib/consent.tsx';
import { readStored } from '../lib/local-storage.ts';
import { onDemand, useOnDemand } from '../lib/on-demand.ts';
import { storageContext, useSection } from '../lib/section.tsx';

const section = onDemand(() => import('./RecentlyViewed.tsx').then((mod) => mod.RecentlyViewed));

/** Whether this browser keeps a list for the section (its contents are checked by the section). */
const hasList = (context: string): boolean => (readStored(`recentlyViewed${context}`) ?? '').length > 2;

const noChange = () => () => {};

export function RecentlyViewedSlot({ project }: { project?: ProjectDetail }) {
  const context = storageContext(useSection());
  const { ready, allowed } = useConsent();
  const remember = Boolean(project) && ready && allowed('functional');
  const stored = useSyncExternalStore(
    noChange,
    () => hasList(context),
    () => false,
  );
  const RecentlyViewed = useOnDemand(section, remember || stored).value;
  return RecentlyViewed ? <RecentlyViewed key={project?.id} context={context} project={project} remember={remember} /> : null;
}
