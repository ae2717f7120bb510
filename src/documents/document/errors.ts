export class DocumentNotFoundError extends Error {
  constructor(readonly documentId: string, where = '') {
    super(`no document ${documentId}${where}`);
    this.name = 'DocumentNotFoundError';
  }
}

export class DocumentExistsError extends Error {
  constructor(readonly documentId: string) {
    super(`document ${documentId} exists already`);
    this.name = 'DocumentExistsError';
  }
}

/** A rule of the document's own fields (400, naming the field). */
export class InvalidDocumentError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field} ${reason}`);
    this.name = 'InvalidDocumentError';
  }
}

export class VersionNotFoundError extends Error {
  constructor(
    readonly documentId: string,
    readonly version: number,
  ) {
    super(`document ${documentId} keeps no version ${version}`);
    this.name = 'VersionNotFoundError';
  }
}
