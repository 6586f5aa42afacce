// Public entry of the signup feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { firstUnfinishedStep, resolveSignUpStep } from './progress';
export { returnPathOf } from './return-path';
export { postalCodeSchema } from './schemas';
export { STEP_LABELS } from './steps';
