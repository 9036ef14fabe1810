// A content page's body: a small, safe markup. Blank lines separate blocks; a
// block starting `## ` is a heading, one whose lines start `- ` is a list;
// anything else is a paragraph. No HTML. Apart from content.ts (the API's
// structs), so that the pages that show one load no superstruct (issue 12).

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
