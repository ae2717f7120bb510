import { EgovClient } from '../../src/sdk/index';
import type { PkiFiles } from '../../src/platform/identity/pki';

/** The SDK's client for a development client of a platform under test, from the PEM files in its DATA_DIR/pki. */
export function sdkClient(platform: { baseUrl: string; pki: PkiFiles }, clientId: string): EgovClient {
  return new EgovClient({ url: platform.baseUrl, ca: platform.pki.caCert, cert: platform.pki.clientCert(clientId), key: platform.pki.clientKey(clientId) });
}
