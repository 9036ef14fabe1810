// In a map's corner while its tiles wait for functional cookies: ConsentGate's
// wording and 'here' button. The markers work meanwhile, on a plain background.
import { BlockedMessage } from '../consent/index.ts';

export function ConsentNotice() {
  return <BlockedMessage className="map-notice map-notice--consent" />;
}
