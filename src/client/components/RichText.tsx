// Renders the safe block markup of content pages (shared/content.ts) as React
// elements: text is never parsed as HTML.
import { parseBlocks } from '../../shared/content.ts';

export function RichText({ body }: { body: string }) {
  return (
    <div className="rich-text">
      {parseBlocks(body).map((block, i) => {
        if (block.kind === 'heading') return <h2 key={i}>{block.text}</h2>;
        if (block.kind === 'list')
          return (
            <ul key={i}>
              {block.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        return <p key={i}>{block.text}</p>;
      })}
    </div>
  );
}
