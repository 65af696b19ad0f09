// The chart component is shared (ui/src/components/echart): the course analytics and the grading overview draw with it too.
export { EChart, type ChartOption } from '../../../components/echart/echart';
