// A content page as the API answers it. Its body is a small, safe markup
// (content-blocks.ts).
import { object, optional, pattern, size, string, type Infer } from 'superstruct';

export interface ContentPage {
  slug: string;
  title: string;
  summary: string;
  body: string;
  updatedAt: string;
}

export const Slug = pattern(size(string(), 1, 80), /^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export const ContentQuery = object({
  slug: Slug,
  partner: optional(size(string(), 1, 80)),
});
export type ContentQuery = Infer<typeof ContentQuery>;

export const ContentListQuery = object({
  partner: optional(size(string(), 1, 80)),
});

export type ContentSummary = Pick<ContentPage, 'slug' | 'title' | 'summary'>;
