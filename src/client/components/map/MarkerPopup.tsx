// A marker's popup: the project's card (variant "popup"), fetched when the
// popup opens, from /api/property of the visitor's section (the same key a
// property page uses, so a click through finds it cached).
import { useEffect } from 'react';
import useSWR from 'swr';
import type { PropertyAnswer } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { dataKey } from '../../../shared/match.ts';
import { useSection } from '../../lib/section.tsx';
import { ProjectCard } from '../ProjectCard.tsx';
import { CardActions } from '../CardActions.tsx';
import { PHOTO_SIZES } from '../../lib/photo-sizes.ts';

export function MarkerPopup({ id, onChange }: { id: number; onChange: () => void }) {
  const { partnerSlug, hostPartner } = useSection();
  const query: Record<string, string> = partnerSlug && !hostPartner ? { id: String(id), partner: partnerSlug } : { id: String(id) };
  const { data, error } = useSWR<PropertyAnswer>(dataKey({ endpoint: '/api/property', query }), { revalidateOnMount: true });
  // Leaflet sizes and pans the popup to its content: tell it the content changed.
  useEffect(onChange, [data, error]); // eslint-disable-line react-hooks/exhaustive-deps -- onChange is a new function each render; only new content needs a new size
  if (error) return <p className="map-popup__status">{t('map.popupFailed')}</p>;
  if (!data)
    return (
      <p className="map-popup__status" role="status">
        {t('map.popupLoading')}
      </p>
    );
  return <ProjectCard project={data.data} variant="popup" eager sizes={PHOTO_SIZES.popup} actions={<CardActions project={data.data} />} />;
}
