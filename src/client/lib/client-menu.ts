// The logged-in client's menu (components/account/ClientMenu.tsx), loaded when
// needed: before the first render of a logged-in client's page (view.ts), as
// soon as a login or registration is sent (account-actions.ts, so that it has
// arrived with the answer), and by the header's control on any login.
import { onDemand } from './on-demand.ts';

export const clientMenu = onDemand(() => import('../components/account/ClientMenu.tsx').then((mod) => mod.ClientMenu));
