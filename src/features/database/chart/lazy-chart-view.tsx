import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";
import type { ChartViewProps } from "./chart-view";

// uPlot and the chart's code load the first time a chart is opened, never with the page.
const ChartView = lazy(() => import("./chart-view"));

export function LazyChartView(props: ChartViewProps) {
  return (
    <Suspense fallback={<Loading />}>
      <ChartView {...props} />
    </Suspense>
  );
}
