// LazyLeadForm.tsx in the browser: the server's form kept until first use, then its code.
import { Island } from '../lib/island.tsx';
import type { PropertyContactForm as Form } from './LeadForm.tsx';

const load = () => import('./LeadForm.tsx').then((m) => m.PropertyContactForm);

export function PropertyContactForm(props: Parameters<typeof Form>[0]) {
  return <Island load={load} props={props} />;
}
