import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@evergrade/contracts';
import { ensureSession, startSession } from '../features/auth/utils/session';
import { validateToken } from '../features/auth/api/validate-token';
import { useSessionStore } from '../stores/session';
import { Spinner } from '../components/spinner';
import { lazyRoute } from './lazy-route';
import { RouteError } from './routes/error';
import { LoginRoute } from './routes/login';

export type RouteHandle = { title?: string };

const guard = (role: Role, client: QueryClient) => async (_: LoaderFunctionArgs) => {
  if (!(await ensureSession(role, client))) throw redirect('/login');
  return null;
};

/** Signed in as a student or an instructor (the one this tab knows of; a student when it knows of neither). */
const signedIn = (client: QueryClient) => async (_: LoaderFunctionArgs) => {
  const role: Role = useSessionStore.getState().instructor.isAuthenticated ? 'instructor' : 'student';
  if (!(await ensureSession(role, client))) throw redirect('/login');
  return null;
};

/** Signed in with any role: asks the server (a page opened in a new tab knows nothing yet); the user is the page's data. */
const anyoneSignedIn = (client: QueryClient) => async (_: LoaderFunctionArgs) => {
  try {
    const user = await validateToken();
    startSession(user, client);
    return user;
  } catch {
    throw redirect('/login');
  }
};

const Fallback = () => (
  <div className="page-center">
    <Spinner label="Checking your session" />
  </div>
);
const InPage = () => <Spinner label="Loading" />;

// Every area but the login page loads on first visit, so /login stays small (issue 16: ≤ 150 KB gzipped;
// `npm run bundle-size` reports each route's initial JavaScript).
const studentLayout = () => import('./routes/student/layout');
const studentAssignments = () => import('./routes/student/assignments');
const studentAssignment = () => import('./routes/student/assignment');
const instructorLayout = () => import('./routes/instructor/layout');
const onboarding = () => import('./routes/onboarding');
const profiles = () => import('./routes/profiles');
const admin = () => import('./routes/admin');
const analyst = () => import('./routes/analyst');
const docs = () => import('./routes/docs');
const courses = () => import('./routes/instructor/courses');
const newAssignment = () => import('./routes/instructor/new-assignment');
const instructorAssignments = () => import('./routes/instructor/assignments');
const studentDashboard = () => import('./routes/student/dashboard');
const calendar = () => import('./routes/calendar');
const practice = () => import('../features/practice');
const feedback = () => import('./routes/feedback');
const textbooks = () => import('../features/textbooks');
const aura = () => import('../features/aura');
const assistant = () => import('../features/assistant');
const landing = () => import('../features/landing');
const title = (t: string) => ({ title: t }) satisfies RouteHandle;

/** `/`: the landing page when GET /public/site says it is on; /login otherwise (also when the server cannot be asked). */
async function landingOrLogin(): Promise<null> {
  const on = await fetch('/public/site', { headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<{ landing_page?: unknown }>) : null))
    .then((site) => site?.landing_page === true)
    .catch(() => false);
  if (!on) throw redirect('/login');
  return null;
}

export function createRouter(client: QueryClient) {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <Fallback />,
      children: [
        // Spec document 1: `/` goes to /login unless the operator turns the landing page on (LANDING_PAGE=true).
        { path: '/', loader: landingOrLogin, element: lazyRoute(landing, 'LandingRoute') },
        { path: '/welcome', element: lazyRoute(landing, 'LandingRoute') },
        { path: '/website2', element: lazyRoute(landing, 'Website2Route') },
        { path: '/login', element: <LoginRoute /> },
        { path: '/forgot-password', element: lazyRoute(onboarding, 'ForgotPasswordRoute') },
        { path: '/instructor/signup', element: lazyRoute(onboarding, 'InstructorSignupRoute') },
        { path: '/student/signup', element: lazyRoute(onboarding, 'StudentSignupRoute') },
        { path: '/docs', element: lazyRoute(docs, 'DocsIndexRoute') },
        { path: '/docs/:docId', element: lazyRoute(docs, 'DocViewerRoute') },
        { path: '/feedback', loader: anyoneSignedIn(client), element: lazyRoute(feedback, 'FeedbackRoute') },
        {
          path: '/student',
          loader: guard('student', client),
          shouldRevalidate: () => true,
          element: lazyRoute(studentLayout, 'StudentLayout'),
          children: [
            { index: true, element: <Navigate to="/student/assignments" replace /> },
            { path: 'dashboard', element: lazyRoute(studentDashboard, 'StudentDashboardRoute', <InPage />), handle: title('Dashboard') },
            {
              path: 'assignments',
              element: lazyRoute(studentAssignments, 'StudentAssignmentsRoute', <InPage />),
              handle: title('Assignments'),
            },
            {
              path: 'assignments/:assignmentId',
              element: lazyRoute(studentAssignment, 'StudentAssignmentRoute', <InPage />),
              handle: title('Assignment'),
            },
            {
              path: 'assignments/practice/create',
              element: lazyRoute(practice, 'PracticeCreateRoute', <InPage />),
              handle: title('New Practice Assignment'),
            },
            {
              path: 'assignments/practice/:practiceId',
              element: lazyRoute(practice, 'PracticeAssignmentRoute', <InPage />),
              handle: title('Practice Assignment'),
            },
            { path: 'assistant', element: lazyRoute(assistant, 'StudentAssistantRoute', <InPage />), handle: title('Study Assistant') },
            { path: 'assistant/ask', element: lazyRoute(assistant, 'IsolatedChatRoute', <InPage />), handle: title('Study Assistant') },
            { path: 'profile', element: lazyRoute(profiles, 'StudentProfileRoute', <InPage />), handle: title('Profile & Settings') },
          ],
        },
        {
          path: '/calendar',
          loader: signedIn(client),
          shouldRevalidate: () => true,
          element: lazyRoute(calendar, 'CalendarLayout'),
          children: [{ index: true, element: lazyRoute(calendar, 'CalendarRoute', <InPage />), handle: title('Calendar') }],
        },
        {
          path: '/instructor',
          loader: guard('instructor', client),
          shouldRevalidate: () => true,
          element: lazyRoute(instructorLayout, 'InstructorLayout'),
          children: [
            { index: true, element: <Navigate to="/instructor/assignments" replace /> },
            { path: 'dashboard', element: <Navigate to="/instructor/assignments" replace /> },
            {
              path: 'assignments',
              element: lazyRoute(instructorAssignments, 'InstructorAssignmentsRoute', <InPage />),
              handle: title('Assignments'),
            },
            {
              path: 'assignments/new-assignment',
              element: lazyRoute(newAssignment, 'AssignmentCreationRoute', <InPage />),
              handle: title('New Assignment'),
            },
            {
              path: 'assignments/:assignmentId',
              element: lazyRoute(instructorAssignments, 'InstructorAssignmentRoute', <InPage />),
              handle: title('Assignment'),
            },
            { path: 'courses', element: lazyRoute(courses, 'InstructorCoursesRoute', <InPage />), handle: title('Courses') },
            { path: 'courses/:courseCode', element: lazyRoute(courses, 'InstructorCourseRoute', <InPage />), handle: title('Course') },
            { path: 'chat', element: lazyRoute(aura, 'AuraPage', <InPage />), handle: title('Chat') },
            { path: 'textbooks', element: lazyRoute(textbooks, 'TextbooksRoute', <InPage />), handle: title('Textbooks') },
            { path: 'profile', element: lazyRoute(profiles, 'InstructorProfileRoute', <InPage />), handle: title('Profile & Settings') },
          ],
        },
        {
          path: '/admin',
          loader: guard('admin', client),
          shouldRevalidate: () => true,
          element: lazyRoute(admin, 'AdminLayout'),
          // GET /admin/school, /admin/courses and /admin/users are API reads: pages keep clear of those paths.
          children: [
            { index: true, element: lazyRoute(admin, 'AdminSchoolRoute', <InPage />), handle: title('School') },
            { path: 'course-setup', element: lazyRoute(admin, 'AdminCoursesRoute', <InPage />), handle: title('Courses') },
            { path: 'people', element: lazyRoute(admin, 'AdminPeopleRoute', <InPage />), handle: title('People') },
            { path: 'audit', element: lazyRoute(admin, 'AdminAuditRoute', <InPage />), handle: title('Grade audit') },
            { path: 'reports', element: lazyRoute(admin, 'AdminReportsRoute', <InPage />), handle: title('Problem reports') },
            { path: 'textbooks', element: lazyRoute(textbooks, 'TextbooksRoute', <InPage />), handle: title('Textbooks') },
            { path: 'read-models', element: lazyRoute(admin, 'AdminReadModelsRoute', <InPage />), handle: title('Read models') },
          ],
        },
        {
          path: '/analyst',
          loader: guard('analyst', client),
          shouldRevalidate: () => true,
          element: lazyRoute(analyst, 'AnalystLayout'),
          // GET /analyst/reports and /analyst/events are API reads: the Reports page is /analyst itself.
          children: [{ index: true, element: lazyRoute(analyst, 'AnalystReportsRoute', <InPage />), handle: title('Reports') }],
        },
        { path: '*', element: <LoginRoute /> },
      ],
    },
  ]);
}
