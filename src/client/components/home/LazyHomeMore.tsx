// The home page's lower sections as the server renders them, in full (HomeMore.tsx).
import { framed } from '../../lib/island-frame.tsx';
import { HomeMore as More } from './HomeMore.tsx';

export const HomeMore = framed(More);
