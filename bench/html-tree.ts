// React's floor (bench/react-floor-server.ts): a page's HTML, as the site sent
// it, turned back into a tree of plain React elements, so that React can render
// the very same document with no component, no data and no app code around it.
// Only what React's server output contains is read: quoted attributes, void
// elements, raw <script>/<style> text and React's own `<!-- -->` separators
// (dropped: React writes its own again).
import { createElement, type ReactElement, type ReactNode } from 'react';
import { decodeHTML } from 'entities/decode';

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style']);
// React writes these as `name=""` when true and leaves them out when false.
const BOOLEAN = new Set([
  'allowfullscreen',
  'async',
  'autofocus',
  'checked',
  'controls',
  'default',
  'defer',
  'disabled',
  'formnovalidate',
  'hidden',
  'inert',
  'itemscope',
  'loop',
  'multiple',
  'muted',
  'nomodule',
  'novalidate',
  'open',
  'playsinline',
  'readonly',
  'required',
  'reversed',
  'selected',
]);
// React's names for the HTML attributes it spells differently (the rest pass through as written).
const PROP_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  'http-equiv': 'httpEquiv',
  'accept-charset': 'acceptCharset',
  charset: 'charSet',
  tabindex: 'tabIndex',
  crossorigin: 'crossOrigin',
  fetchpriority: 'fetchPriority',
  srcset: 'srcSet',
  autocomplete: 'autoComplete',
  enctype: 'encType',
  maxlength: 'maxLength',
  minlength: 'minLength',
  inputmode: 'inputMode',
  enterkeyhint: 'enterKeyHint',
  datetime: 'dateTime',
  referrerpolicy: 'referrerPolicy',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  readonly: 'readOnly',
  novalidate: 'noValidate',
  formnovalidate: 'formNoValidate',
  autofocus: 'autoFocus',
  nomodule: 'noModule',
  itemscope: 'itemScope',
  itemprop: 'itemProp',
  itemtype: 'itemType',
  'xlink:href': 'xlinkHref',
  viewbox: 'viewBox',
};

function styleObject(css: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of css.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const key = name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    style[key] = declaration.slice(colon + 1).trim();
  }
  return style;
}

function props(tag: string, attributes: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [, name = '', value] of attributes.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
    const text = decodeHTML(value ?? '');
    // React writes some names as it spells them (charSet, fetchPriority, noValidate), others in lower case.
    const lower = name.toLowerCase();
    const key = PROP_NAMES[lower] ?? name;
    if (name === 'style') out.style = styleObject(text);
    // An input's value and checked as React writes them back (the server's render of a form field).
    else if (tag === 'input' && name === 'value') out.defaultValue = text;
    else if (tag === 'input' && name === 'checked') out.defaultChecked = true;
    else if (BOOLEAN.has(lower)) out[key] = true;
    else out[key] = text;
  }
  return out;
}

interface Open {
  tag: string;
  props: Record<string, unknown>;
  children: ReactNode[];
}

/** The document's <html> element and everything in it, as React elements. */
export function htmlToTree(html: string): ReactElement {
  const root: Open = { tag: '#root', props: {}, children: [] };
  const stack: Open[] = [root];
  const top = () => stack[stack.length - 1]!;
  const element = (open: Open) => createElement(open.tag, open.props, ...open.children);
  const token = /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>/gi;
  let at = 0;
  for (let match = token.exec(html); match; match = token.exec(html)) {
    if (match.index > at) top().children.push(decodeHTML(html.slice(at, match.index)));
    at = token.lastIndex;
    const [whole, closing, opening, attributes = ''] = match;
    if (closing) {
      const open = stack.pop();
      if (!open || open.tag !== closing.toLowerCase()) throw new Error(`</${closing}> closes <${open?.tag}> at ${match.index}`);
      top().children.push(element(open));
    } else if (opening) {
      const tag = opening.toLowerCase();
      const open: Open = { tag, props: props(tag, attributes), children: [] };
      if (tag === 'option' && open.props.selected) {
        // The chosen option as React takes it: the select's value, which React marks on the option again.
        delete open.props.selected;
        const select = stack.findLast((o) => o.tag === 'select');
        if (select) select.props.defaultValue = open.props.value ?? '';
      }
      if (RAW_TEXT.has(tag)) {
        const end = html.indexOf(`</${tag}>`, at);
        if (end < 0) throw new Error(`<${tag}> is not closed`);
        const text = html.slice(at, end);
        if (text) open.props.dangerouslySetInnerHTML = { __html: text };
        at = token.lastIndex = end + tag.length + 3;
        top().children.push(element(open));
      } else if (VOID.has(tag) || whole.endsWith('/>')) top().children.push(element(open));
      else if (tag === 'textarea') {
        const end = html.indexOf('</textarea>', at);
        open.props.defaultValue = decodeHTML(html.slice(at, end));
        at = token.lastIndex = end + '</textarea>'.length;
        top().children.push(element(open));
      } else stack.push(open);
    }
  }
  if (stack.length !== 1) throw new Error(`<${top().tag}> is not closed`);
  const document = root.children.find((child): child is ReactElement => typeof child === 'object' && child !== null);
  if (!document) throw new Error('no <html> element');
  return document;
}
