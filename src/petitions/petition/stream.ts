/** One stream per petition, named by its number (made by the service, no personal data). */
export const toPetitionStreamId = (petitionNumber: string) => `petitions-petition-${petitionNumber}`;
