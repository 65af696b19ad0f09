import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The spec's student session; studentId -1 means not loaded. */
export type StudentSession = {
  studentId: number;
  email: string;
  firstName: string;
  lastName: string;
  class: string;
  section: string;
  enrollmentDate: string;
  sessions: number;
  isAuthenticated: boolean;
};

/** The spec's instructor session; instructorId -1 means not loaded. */
export type InstructorSession = {
  instructorId: number;
  title: string;
  email: string;
  firstName: string;
  lastName: string;
  isAuthenticated: boolean;
};

/** A school admin: only who they are; the school's data is server state. */
export type AdminSession = { userId: number; email: string; firstName: string; lastName: string; isAuthenticated: boolean };

export const initialStudent: StudentSession = {
  studentId: -1,
  email: '',
  firstName: '',
  lastName: '',
  class: '',
  section: '',
  enrollmentDate: '',
  sessions: 0,
  isAuthenticated: false,
};
export const initialInstructor: InstructorSession = {
  instructorId: -1,
  title: '',
  email: '',
  firstName: '',
  lastName: '',
  isAuthenticated: false,
};
export const initialAdmin: AdminSession = { userId: -1, email: '', firstName: '', lastName: '', isAuthenticated: false };
/** An analyst: who they are, as an admin. */
export type AnalystSession = AdminSession;
export const initialAnalyst: AnalystSession = initialAdmin;

type SessionState = {
  student: StudentSession;
  instructor: InstructorSession;
  admin: AdminSession;
  analyst: AnalystSession;
  tenant: string | null;
  setStudent: (patch: Partial<StudentSession>) => void;
  setInstructor: (patch: Partial<InstructorSession>) => void;
  setAdmin: (patch: Partial<AdminSession>) => void;
  setAnalyst: (patch: Partial<AnalystSession>) => void;
  setTenant: (tenant: string | null) => void;
  /** Error catalogue (401/422): stored student and instructor data go. */
  clearUsers: () => void;
  /** Failed check or logout: everything goes, the tenant too. */
  clearAll: () => void;
};

export const SESSION_STORAGE_KEY = 'evergrade-session';
export const WELCOMED_KEY = 'welcomed';

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      student: initialStudent,
      instructor: initialInstructor,
      admin: initialAdmin,
      analyst: initialAnalyst,
      tenant: null,
      setStudent: (patch) => set((s) => ({ student: { ...s.student, ...patch } })),
      setInstructor: (patch) => set((s) => ({ instructor: { ...s.instructor, ...patch } })),
      setAdmin: (patch) => set((s) => ({ admin: { ...s.admin, ...patch } })),
      setAnalyst: (patch) => set((s) => ({ analyst: { ...s.analyst, ...patch } })),
      setTenant: (tenant) => set({ tenant }),
      clearUsers: () => set({ student: initialStudent, instructor: initialInstructor, admin: initialAdmin, analyst: initialAnalyst }),
      clearAll: () =>
        set({ student: initialStudent, instructor: initialInstructor, admin: initialAdmin, analyst: initialAnalyst, tenant: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ student: s.student, instructor: s.instructor, admin: s.admin, analyst: s.analyst, tenant: s.tenant }),
    },
  ),
);
