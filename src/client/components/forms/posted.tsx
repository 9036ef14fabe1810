// The state of the page's lead form from the server (src/shared/form-post.ts):
// the hidden idempotency key a form sent without JavaScript carries, and what
// the POST it answers gave. A form takes the posted state once, when it is the
// first form of that kind on the page the server rendered; once it unmounts
// (the visitor went elsewhere) no form takes it again.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { FormPageState, PostedForm } from '../../../shared/form-post.ts';
import type { LeadKind } from '../../../shared/leads.ts';

interface Holder {
  state: FormPageState | null;
  taken: boolean;
}

/** Exported for lib/island.tsx, which hands it to a part it renders in a root of its own. */
export const PostedContext = createContext<Holder>({ state: null, taken: true });

export function PostedFormProvider({ state, children }: { state: FormPageState | undefined; children: ReactNode }) {
  // One holder per app instance: on the server, per request.
  const [holder] = useState<Holder>(() => ({ state: state ?? null, taken: false }));
  return <PostedContext.Provider value={holder}>{children}</PostedContext.Provider>;
}

/** The hidden key for the page's form, and the posted state if it is this form's. */
export function usePostedForm(kind: LeadKind, projectId?: number): { key: string; posted: PostedForm | null } {
  const holder = useContext(PostedContext);
  const [mine] = useState(() => {
    const posted = holder.state?.posted;
    return !holder.taken && posted && posted.kind === kind && posted.projectId === projectId ? posted : null;
  });
  useEffect(
    () => () => {
      if (mine) holder.taken = true;
    },
    [holder, mine],
  );
  return { key: holder.state?.key ?? '', posted: mine };
}
