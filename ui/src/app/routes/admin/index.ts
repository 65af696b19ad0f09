/** The admin area, loaded as one chunk. */
export { AdminLayout } from './layout';
export { AdminSchoolRoute } from './school';
export { AdminCoursesRoute } from './courses';
export { AdminPeopleRoute } from './people';
export { AdminAuditRoute } from './audit';
export { AdminReportsRoute } from './reports';
export { AdminReadModelsRoute } from './read-models';
