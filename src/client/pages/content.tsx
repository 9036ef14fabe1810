// A content page from the store (/old/{content}, /{partner}/{content}, /{content}).
import type { PageProps } from './index.ts';
import type { ContentPage } from '../../shared/content.ts';
import { useRouteData } from '../lib/useRouteData.ts';
import { Meta } from '../components/Meta.tsx';
import { RichText } from '../components/RichText.tsx';

export default function ContentPageView({ match }: PageProps) {
  const page = useRouteData<{ data: ContentPage }>(match, '/api/content')?.data;
  if (!page) return null;
  return (
    <article className="container page content-page">
      <Meta title={page.title} description={page.summary} />
      <h1>{page.title}</h1>
      {page.summary && <p className="lead">{page.summary}</p>}
      <RichText body={page.body} />
    </article>
  );
}
