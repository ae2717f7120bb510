/** The official client's DocumentFlags: None 0, Official 1, New 2, Expiring 4. */
export const DocumentFlags = { None: 0, Official: 1, New: 2, Expiring: 4 } as const;

/** The guide: "expiring" is an expiresOn less than 30 days away. */
export const EXPIRING_WITHIN_MS = 30 * 86_400_000;
/** A document (not a folder) another principal published for its owner counts as new for a week. */
export const NEW_FOR_MS = 7 * 86_400_000;

export function flagsOf(
  document: { owner: string; publishedBy: string; createdOn: string; expiresOn: string | null; isFolder: boolean },
  type: { official: boolean } | undefined,
  now: string,
): number {
  const at = Date.parse(now);
  let flags: number = DocumentFlags.None;
  if (type?.official) flags |= DocumentFlags.Official;
  if (!document.isFolder && document.publishedBy !== document.owner && at - Date.parse(document.createdOn) < NEW_FOR_MS) flags |= DocumentFlags.New;
  if (document.expiresOn && Date.parse(document.expiresOn) - at < EXPIRING_WITHIN_MS) flags |= DocumentFlags.Expiring;
  return flags;
}
