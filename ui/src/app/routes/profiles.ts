/** Both profile pages share their forms: one chunk. */
export { StudentProfileRoute } from './student/profile';
export { InstructorProfileRoute } from './instructor/profile';
