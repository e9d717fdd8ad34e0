// X-App-Install-Id: the app installation's UUID. Required on login and refresh; authenticated requests must send
// the one their token was issued to.
import { AppError } from '../../platform/errors.ts';
import { mobileErrors } from './errors.ts';

export const INSTALL_ID_HEADER = 'x-app-install-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The install id of a request, lower-cased; 400 device_required when it is missing or not a UUID. */
export function requireInstallId(value: string | undefined): string {
  const id = value?.trim();
  if (!id)
    throw new AppError('device_required', 'Send the header X-App-Install-Id with the UUID of this app installation.');
  if (!UUID.test(id)) throw new AppError('device_required', 'X-App-Install-Id must be a UUID.');
  return id.toLowerCase();
}

export function assertSameDevice(value: string | undefined, did: string): void {
  if (value?.trim().toLowerCase() !== did) {
    throw mobileErrors.error('device_mismatch', 'X-App-Install-Id does not match the device this token was issued to.');
  }
}
