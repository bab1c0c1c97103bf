// How the detector treats decoding errors (README.md "Detecting an encoding", "How it decides").
// On clean input an error rules a candidate out. A long input may carry a few corrupt bytes (junk
// in a large legacy file), so a candidate with errors stays in when it has fewer than one error per
// TOLERANCE bytes of input and at most MAX_ERRORS of them; each costs it ERROR_COST nats. Past
// MAX_ERRORS a candidate is out for good (its state machine stops: bounded work on the input of
// other encodings), so the rule depends on the bytes only, never on how they were chunked; where
// the whole input is known (detect()), a candidate stops once it has more than `allowed` errors.
export const TOLERANCE = 1024;
export const MAX_ERRORS = 32;
export const ERROR_COST = 20;

// How many errors `length` bytes may have (fewer than one per TOLERANCE bytes, at most MAX_ERRORS).
export const allowed = (length) => Math.min(MAX_ERRORS, Math.max(0, Math.ceil(length / TOLERANCE) - 1));
