// A content page as the API answers it. The body is a small, safe markup:
// blank lines separate blocks; a block starting `## ` is a heading, one whose
// lines start `- ` is a list; anything else is a paragraph. No HTML.
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

export type Block = { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

export function parseBlocks(body: string): Block[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((block): Block => {
      if (block.startsWith('## ')) return { kind: 'heading', text: block.slice(3).trim() };
      const lines = block.split('\n');
      if (lines.every((l) => l.trimStart().startsWith('- ')))
        return { kind: 'list', items: lines.map((l) => l.trimStart().slice(2).trim()) };
      return { kind: 'paragraph', text: lines.join(' ') };
    });
}
