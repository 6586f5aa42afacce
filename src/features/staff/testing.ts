// Public entry of the staff feature: helpers for tests only.
// Other folders import the feature only through its entries (decision 0030).

export { actorOf } from './test-fixtures';
