export { RubricPicker, type RubricPickerProps } from './rubric-picker';
export { RubricPickerView, LevelText, type RubricPickerViewProps } from './rubric-picker-view';
export { useRubrics, rubricsQueryOptions, rubricsKey } from './api';
export * from './rules';
