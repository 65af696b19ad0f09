export { checkAnswer, toQuarter, type CheckAnswerInput, type CheckAnswerResult } from './check';
export { keyValues } from './numeric';
export { keyTerms } from './terms';
export { findQuantities, normaliseMaths, readQuantity, readUnit, sameValue, type Quantity } from './quantity';
export { stem, words } from './text';
