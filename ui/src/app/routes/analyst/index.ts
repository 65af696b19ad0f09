/** The analyst area, loaded as one chunk (echarts loads later, with the first chart). */
export { AnalystLayout } from './layout';
export { ReportsPage as AnalystReportsRoute } from '../../../features/analyst';
