// Videos and virtual tours from the feeds (issue 23): which addresses the
// property page may frame, and as what. Only these providers' players are
// framed (the CSP's frame-src names exactly EMBED_ORIGINS), each behind the
// visitor's functional consent (SPEC §4); any other address is a link.

export type EmbedProvider = 'youtube' | 'vimeo' | 'matterport' | 'kuula' | 'giraffe360';

export interface Embed {
  provider: EmbedProvider;
  /** The provider's name as a page writes it (PROVIDER_NAMES): in the answer, so the pages need no table. */
  name: string;
  /** The player's address, on one of EMBED_ORIGINS. */
  src: string;
}

/** The origins of the players the site frames: the CSP's frame-src. YouTube through its no-cookie host. */
export const EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://my.matterport.com',
  'https://kuula.co',
  'https://tour.giraffe360.com',
] as const;

/** The providers' names as a page writes them. */
export const PROVIDER_NAMES: Record<EmbedProvider, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  matterport: 'Matterport',
  kuula: 'Kuula',
  giraffe360: 'Giraffe360',
};

const YOUTUBE_ID = /^[\w-]{11}$/;

function youtube(url: URL, host: string): string | null {
  const id =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/(?:embed|shorts|live|v)\/([^/]+)\/?$/.exec(url.pathname)?.[1] ?? null);
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

function vimeo(url: URL): string | null {
  const id = /^\/(?:video\/)?(\d{1,12})\/?$/.exec(url.pathname)?.[1];
  // dnt: the player sets no tracking cookie.
  return id ? `https://player.vimeo.com/video/${id}?dnt=1` : null;
}

function matterport(url: URL): string | null {
  const id = url.searchParams.get('m');
  return url.pathname.replace(/\/$/, '') === '/show' && id && /^\w{6,20}$/.test(id) ? `https://my.matterport.com/show/?m=${id}` : null;
}

function kuula(url: URL): string | null {
  const id = /^\/(?:share|post)\/(?:collection\/)?(\w{3,20})\/?$/.exec(url.pathname)?.[1];
  return id ? `https://kuula.co/share/${id}` : null;
}

function giraffe360(url: URL): string | null {
  const id = /^\/([\w-]{3,80})\/?$/.exec(url.pathname)?.[1];
  return id ? `https://tour.giraffe360.com/${id}/` : null;
}

/**
 * The player to frame for a feed's video or tour address, or null when it is
 * not one of the allowed providers' (it is then shown as a link). The player's
 * address is rebuilt from the id alone: nothing else of the feed's address is framed.
 */
export function embedFor(address: string): Embed | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const found = (provider: EmbedProvider, src: string | null): Embed | null =>
    src ? { provider, name: PROVIDER_NAMES[provider], src } : null;
  switch (host) {
    case 'youtube.com':
    case 'youtu.be':
    case 'youtube-nocookie.com':
      return found('youtube', youtube(url, host));
    case 'vimeo.com':
    case 'player.vimeo.com':
      return found('vimeo', vimeo(url));
    case 'my.matterport.com':
      return found('matterport', matterport(url));
    case 'kuula.co':
      return found('kuula', kuula(url));
    case 'tour.giraffe360.com':
      return found('giraffe360', giraffe360(url));
    default:
      return null;
  }
}
