// The button of an unsubscribe page (a saved search's, the favorites alerts'):
// it posts what a mail client's one-click unsubscribe posts (RFC 8058), plus
// page=1 so the server answers by going back to the page. No JavaScript needed.
import { ONE_CLICK } from '../../../shared/saved-searches.ts';

export function OneClickForm({ action, label }: { action: string; label: string }) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name={ONE_CLICK.name} value={ONE_CLICK.value} />
      <input type="hidden" name="page" value="1" />
      <button type="submit" className="button button--primary">
        {label}
      </button>
    </form>
  );
}
