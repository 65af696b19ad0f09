import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { LoginRole } from '@evergrade/contracts';
import { ensureSession } from '../features/auth/utils/session';
import { Spinner } from '../components/spinner';
import { RouteError } from './routes/error';
import { LoginRoute } from './routes/login';
import { StudentLayout } from './routes/student/layout';
import { StudentAssignmentsRoute } from './routes/student/assignments';
import { StudentAssignmentRoute } from './routes/student/assignment';
import { StudentProfileRoute } from './routes/student/profile';
import { InstructorLayout } from './routes/instructor/layout';
import { InstructorAssignmentsRoute } from './routes/instructor/assignments';

export type RouteHandle = { title?: string };

const guard = (role: LoginRole, client: QueryClient) => async (_: LoaderFunctionArgs) => {
  if (!(await ensureSession(role, client))) throw redirect('/login');
  return null;
};

const Fallback = () => <div className="page-center"><Spinner label="Checking your session" /></div>;

export function createRouter(client: QueryClient) {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <Fallback />,
      children: [
        { path: '/', element: <Navigate to="/login" replace /> },
        { path: '/login', element: <LoginRoute /> },
        {
          path: '/student',
          loader: guard('student', client),
          shouldRevalidate: () => true,
          element: <StudentLayout />,
          children: [
            { index: true, element: <Navigate to="/student/assignments" replace /> },
            { path: 'dashboard', element: <Navigate to="/student/assignments" replace /> },
            { path: 'assignments', element: <StudentAssignmentsRoute />, handle: { title: 'Assignments' } satisfies RouteHandle },
            { path: 'assignments/:assignmentId', element: <StudentAssignmentRoute />, handle: { title: 'Assignment' } satisfies RouteHandle },
            { path: 'profile', element: <StudentProfileRoute />, handle: { title: 'Profile & Settings' } satisfies RouteHandle },
          ],
        },
        {
          path: '/instructor',
          loader: guard('instructor', client),
          shouldRevalidate: () => true,
          element: <InstructorLayout />,
          children: [
            { index: true, element: <Navigate to="/instructor/assignments" replace /> },
            { path: 'assignments', element: <InstructorAssignmentsRoute />, handle: { title: 'Assignments' } satisfies RouteHandle },
          ],
        },
        { path: '*', element: <LoginRoute /> },
      ],
    },
  ]);
}
