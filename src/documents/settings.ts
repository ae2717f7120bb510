import { durationSetting, integerSetting } from '../config';

/** The document store's settings, read from the environment when the service starts (docs/documents.md). */
export type DocumentsSettings = {
  /** a principal's storage maximum unless an administrator set one (the guide's sample: 50 GB) */
  defaultQuotaBytes: number;
  /** the largest blob, whole or in parts: 413 above it */
  maxBlobBytes: number;
  /** a partial upload not completed this long after it started is abandoned and its parts removed */
  uploadExpiryMs: number;
  /** how often the scheduler looks for abandoned uploads and expired documents */
  sweepIntervalMs: number;
  /** where a reservation's link points (a viewer outside this API); the reservation's id is appended */
  viewUrl: string;
  /** the legal basis written in the MDocs.PersonalData.Access events */
  legalBasis: string;
};

const GIB = 1024 ** 3;

export function documentsSettings(env: NodeJS.ProcessEnv = process.env, publicUrl = 'https://localhost:8443'): DocumentsSettings {
  return {
    defaultQuotaBytes: integerSetting(env, 'DOCUMENTS_DEFAULT_QUOTA_BYTES', 50_000_000_000, 0),
    maxBlobBytes: integerSetting(env, 'DOCUMENTS_MAX_BLOB_BYTES', 2 * GIB, 1),
    uploadExpiryMs: durationSetting(env, 'DOCUMENTS_UPLOAD_EXPIRY_MS', 24 * 3_600_000, 1000),
    sweepIntervalMs: durationSetting(env, 'DOCUMENTS_SWEEP_INTERVAL_MS', 60_000, 10),
    viewUrl: (env.DOCUMENTS_VIEW_URL ?? `${publicUrl}/mdocs/view`).replace(/\/$/, ''),
    legalBasis: env.DOCUMENTS_LEGAL_BASIS ?? 'HG nr. 305/2024 cu privire la serviciul guvernamental de păstrare și partajare a documentelor (MDocs)',
  };
}
