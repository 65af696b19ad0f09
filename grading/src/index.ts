export { checkAnswer, keyTerms, keyValues, toQuarter, type CheckAnswerInput, type CheckAnswerResult } from './check';
export { findQuantities, normaliseMaths, readQuantity, readUnit, sameValue, type Quantity } from './quantity';
export { stem, words } from './text';
