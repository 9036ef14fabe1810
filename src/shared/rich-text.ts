// A description's rich text (issue 9): the import keeps a feed's HTML as
// sanitised markup with an allow-list (these elements, no attributes). Before
// the page puts it into the DOM it checks that the markup holds nothing else,
// so that text written into the store by anything but the import's sanitiser
// never becomes markup: the page shows the plain description instead.

/** The elements a description may keep, for the import's sanitiser and the page's check alike. */
export const RICH_TEXT_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i'] as const;

/** A '<' that does not open or close an allowed element without attributes. */
const OTHER_MARKUP = new RegExp(`<(?!/?(?:${RICH_TEXT_TAGS.join('|')})\\s*/?>)`, 'i');

/** Whether `html` is markup the allow-list admits: only those elements, no attributes, no comments. */
export function isAllowListed(html: string): boolean {
  return !OTHER_MARKUP.test(html);
}
