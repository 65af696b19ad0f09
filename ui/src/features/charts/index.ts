export { StudentDashboard } from './components/student-dashboard';
export { EChart } from './components/echart';
export { useGradeStats, gradeStatsQueryKey } from './api/get-grade-stats';
