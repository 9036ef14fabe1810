// The property page's contact form, loaded by the browser on first use
// (LazyLeadForm.browser.tsx, lib/island.tsx; issue 12). The server renders it
// in full, in the frame the browser keeps until then.
import { IslandFrame } from '../lib/island-frame.tsx';
import { PropertyContactForm as Form } from './LeadForm.tsx';

export function PropertyContactForm(props: Parameters<typeof Form>[0]) {
  return (
    <IslandFrame>
      <Form {...props} />
    </IslandFrame>
  );
}
