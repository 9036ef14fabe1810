// LazySaveSearchForm.tsx in the browser: the server's form kept until first use, then its code.
import { Island } from '../../lib/island.tsx';
import type { SaveSearchFormProps } from './SaveSearchForm.tsx';

const load = () => import('./SaveSearchForm.tsx').then((m) => m.SaveSearchForm);

export function SaveSearchForm(props: SaveSearchFormProps) {
  return <Island load={load} props={props} />;
}
