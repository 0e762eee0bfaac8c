// The server writes the page narrators with the same relative times (contracts/age-label.ts).
export { ageLabel } from "@rampart/contracts/age-label";
