/** The petition's named errors; problems.ts turns them into the seed's codes (PetitionNotFound, AccessDenied, InvalidParameter). */

export class PetitionNotFoundError extends Error {
  constructor(readonly petitionNumber: string) {
    super(`no petition ${petitionNumber} was found`);
    this.name = 'PetitionNotFoundError';
  }
}

/** A number drawn twice (or a demo petition seeded again): the filing is not appended. */
export class PetitionAlreadyFiledError extends Error {
  constructor(readonly petitionNumber: string) {
    super(`petition ${petitionNumber} is already filed`);
    this.name = 'PetitionAlreadyFiledError';
  }
}

/** An authority of scope own-authority acting on a petition addressed to another authority. */
export class PetitionAccessDeniedError extends Error {
  constructor(readonly petitionNumber: string, reason = 'it is addressed to another authority') {
    super(`petition ${petitionNumber} is outside the caller's scope: ${reason}`);
    this.name = 'PetitionAccessDeniedError';
  }
}

/** A move the status machine or a legal term does not allow; the message says why. */
export class IllegalPetitionMoveError extends Error {
  constructor(readonly petitionNumber: string, readonly reason: string, readonly field?: string) {
    super(`petition ${petitionNumber}: ${reason}`);
    this.name = 'IllegalPetitionMoveError';
  }
}
