export { checkAnswer, OFFLINE_MAX_RESPONSE_CHARS, toQuarter, type CheckAnswerInput, type CheckAnswerResult } from './check';
export { keyValues } from './numeric';
export { keyTerms } from './terms';
export { findQuantities, normaliseMaths, readQuantity, readUnit, sameValue, type Quantity } from './quantity';
export { stem, words } from './text';
export {
  checkWithInstructions,
  mentions,
  NEEDS_AI_PROVIDER,
  parseInstructions,
  type InstructedResult,
  type InstructionRule,
  type InstructionsOutcome,
  type ParsedInstructions,
} from './instructions';
export {
  EMPTY_GROUP_KEY,
  effectiveKey,
  groupForm,
  groupKey,
  groupResponses,
  type AnswerGroup,
  type GroupableResponse,
  type GroupOverride,
} from './groups';
