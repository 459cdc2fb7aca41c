// How long an accepted quote is kept: it is a contract (decision 0033). Ten years after its acceptance, the limit
// for actions on written contracts in Illinois (735 ILCS 5/13-206; counsel to confirm). The privacy page states it,
// the daily purge applies it, and migration 10's trigger refuses to delete a contract any sooner.
export const CONTRACT_YEARS = 10;
