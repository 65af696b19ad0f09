export type { NoticeBus, NoticeBusOptions, NoticeErrorHandler, NoticeHandler, ProjectionNotice } from './types';
export { createInProcessBus } from './in-process';
export { createPostgresBus, NOTICES_CHANNEL } from './postgres';
