export { createKafkaRelay, type KafkaRelay, type RelayOptions } from './relay';
export { relayStatus, type RelayStatus } from './status';
export { HEADERS, toMessage, fromMessageValue, type EventMessage, type EventValue } from './message';
export { migrateRelayCheckpoints, readRelayCheckpoint } from './checkpoint';
export { registerRelayLag } from './metrics';
